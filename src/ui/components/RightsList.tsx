import { TickCircleIcon } from '@blueprintjs/icons';
import { useTranslateKey } from '../i18n/dynamic.ts';

/** Membership rights, given as i18n keys (see src/machines/membership.ts). */
export function RightsList({ rights }: { rights: readonly string[] }) {
  const translate = useTranslateKey();
  return (
    <ul className="xa-rights" data-testid="rights">
      {rights.map((right) => (
        <li key={right}>
          <TickCircleIcon className="xa-rights-icon" /> {translate(right)}
        </li>
      ))}
    </ul>
  );
}
