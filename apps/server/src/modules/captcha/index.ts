/** The image captcha's public side: making one (its route), and requiring a right answer. */
export { createCaptcha, isCaptchaGiven, requireCaptcha, type TCaptchaAnswer } from './captcha.service';
