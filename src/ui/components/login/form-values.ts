/** What the user typed, kept by the dialog (not the machines) so it survives failed submits. */
export interface PasswordValues {
  username: string;
  password: string;
  /** Typed only while the login brake asks for the captcha. */
  captchaCode: string;
}

export interface MobileValues {
  mobile: string;
  captchaCode: string;
  code: string;
}

export interface RegisterValues {
  username: string;
  nickname: string;
  password: string;
  captchaCode: string;
}

export const emptyPassword: PasswordValues = { username: '', password: '', captchaCode: '' };
export const emptyMobile: MobileValues = { mobile: '', captchaCode: '', code: '' };
export const emptyRegister: RegisterValues = {
  username: '',
  nickname: '',
  password: '',
  captchaCode: '',
};
