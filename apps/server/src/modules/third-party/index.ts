/** The third-party module's public side for other modules: the sign-ins the login page offers. */
export { thirdPartyLoginOptions } from './third-party.service';
