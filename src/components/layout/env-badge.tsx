import { clientEnv } from '@/env/client';

/** A thin bar naming the environment (e.g. "🚧 Staging") so nobody mistakes it for production. */
export function EnvBadge() {
  if (!clientEnv.VITE_ENV_NAME) return null;
  return (
    <div
      role="note"
      className="w-full py-0.5 text-center text-xs font-medium text-black"
      style={{ backgroundColor: clientEnv.VITE_ENV_COLOR }}
    >
      {clientEnv.VITE_ENV_EMOJI ? <span aria-hidden>{clientEnv.VITE_ENV_EMOJI} </span> : null}
      {clientEnv.VITE_ENV_NAME}
    </div>
  );
}
