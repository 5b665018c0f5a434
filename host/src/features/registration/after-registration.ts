/** Spec: after registering, the player lands on `/` and the sign-in dialog opens 2 s later. */
export const SIGN_IN_AFTER_REGISTRATION_MS = 2000;

/** Module-level timer: it must outlive the registration page, which unmounts on navigation. */
export function openSignInAfterRegistration(openSignIn: (id?: number) => void): void {
  setTimeout(() => openSignIn(0), SIGN_IN_AFTER_REGISTRATION_MS);
}
