import { Button, Classes, Drawer, H4, IconSize, type DrawerSize } from '@blueprintjs/core';
import { SmallCrossIcon } from '@blueprintjs/icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A side drawer that says what it is: Blueprint's Drawer gives its panel no dialog role and
 * names its close button in English (`Close`, fixed in its header). This one leaves that header
 * out and draws its own inside a dialog named by the title, with a close button named in the
 * UI language.
 */
export function LabelledDrawer({
  isOpen,
  onClose,
  title,
  size,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  size: DrawerSize;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} size={size}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="xa-drawer-dialog">
        <div className={Classes.DRAWER_HEADER}>
          <H4 id={titleId}>{title}</H4>
          <Button
            aria-label={t('app.close')}
            title={t('app.close')}
            className={Classes.DIALOG_CLOSE_BUTTON}
            icon={<SmallCrossIcon size={IconSize.LARGE} />}
            variant="minimal"
            onClick={onClose}
          />
        </div>
        {children}
      </div>
    </Drawer>
  );
}
