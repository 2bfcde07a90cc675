/** /user/class, "my classes": the same screen as /user/grade (see UserGrade.tsx for why). */
export { default } from './UserGrade.tsx';
