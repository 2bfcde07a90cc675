/**
 * Routes of the account calls (definitions with schemas: ../calls/auth.ts). No zod here: the
 * browser's first screen imports these.
 */
import { refsTo, type CallRoute } from '../call.ts';
import type * as defs from '../calls/auth.ts';

export const getImageCaptcha: CallRoute = {
  id: 'auth.getImageCaptcha',
  method: 'GET',
  path: '/getImageCaptcha',
};
export const checkImageCaptcha: CallRoute = {
  id: 'auth.checkImageCaptcha',
  method: 'POST',
  path: '/checkImageCaptcha',
};
export const getSmsCode: CallRoute = { id: 'auth.getSmsCode', method: 'POST', path: '/getSmsCode' };
export const getEmailCode: CallRoute = {
  id: 'auth.getEmailCode',
  method: 'POST',
  path: '/getEmailCode',
};
export const registerByPwd: CallRoute = {
  id: 'auth.registerByPwd',
  method: 'POST',
  path: '/registerByPwd',
};
export const loginByPwd: CallRoute = { id: 'auth.loginByPwd', method: 'POST', path: '/loginByPwd' };
export const loginByMobile: CallRoute = {
  id: 'auth.loginByMobile',
  method: 'POST',
  path: '/loginByMobile',
};
export const queryCurrent: CallRoute = {
  id: 'auth.queryCurrent',
  method: 'GET',
  path: '/queryCurrent',
};
export const verify: CallRoute = { id: 'auth.verify', method: 'GET', path: '/verify' };
export const logout: CallRoute = { id: 'auth.logout', method: 'GET', path: '/logout' };
export const switchOrganization: CallRoute = {
  id: 'auth.switchOrganization',
  method: 'POST',
  path: '/switchOrganization',
};
export const memberQueryCurrent: CallRoute = {
  id: 'member.queryCurrent',
  method: 'GET',
  path: '/oj/member/queryCurrent',
};
export const memberQueryCurrentRights: CallRoute = {
  id: 'member.queryCurrentRights',
  method: 'GET',
  path: '/oj/member/queryCurrentRights',
};
export const memberQueryMineTeacherList: CallRoute = {
  id: 'member.queryMineTeacherList',
  method: 'GET',
  path: '/oj/member/queryMineTeacherList',
};
export const devInboxQueryList: CallRoute = {
  id: 'devInbox.queryList',
  method: 'GET',
  path: '/bms/devInbox/queryList',
};

/** The account calls as the browser makes them: `transport.call(auth.loginByPwd, …)`. */
export const auth = refsTo<typeof defs>()({
  getImageCaptcha,
  checkImageCaptcha,
  getSmsCode,
  getEmailCode,
  registerByPwd,
  loginByPwd,
  loginByMobile,
  queryCurrent,
  verify,
  logout,
  switchOrganization,
  memberQueryCurrent,
  memberQueryCurrentRights,
  memberQueryMineTeacherList,
  devInboxQueryList,
});
