// zod's default e-mail pattern (`z.email()`, zod 4.6), the one the forms' schemas check addresses with. Plain
// here for the places that must not bring zod into a page's first download (route guards, the sign-in form);
// src/lib/email.test.ts checks that both agree.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isEmail = (value: string) => EMAIL.test(value);
