import { Button, ControlGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A keyword box with its 筛选 button: the list filters on what was typed only when asked (the
 * button or Enter), so typing does not query on every key.
 */
export function KeywordFilter({
  label,
  onApply,
}: {
  label: string;
  onApply: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const apply = () => onApply(keyword.trim());
  return (
    <ControlGroup className="xa-section">
      <InputGroup
        aria-label={label}
        placeholder={label}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && apply()}
      />
      <Button intent="primary" text={t('staff.filter')} onClick={apply} />
    </ControlGroup>
  );
}
