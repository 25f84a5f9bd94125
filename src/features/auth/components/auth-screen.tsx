import type { ReactNode } from 'react';

/** The centred column shared by the sign-in screens and onboarding: heading, description, content. */
export function AuthScreen({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main id="main" className="flex flex-1 justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
          {description ? <p className="text-sm text-pretty text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
