import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFen, parseYuan } from '../../format.ts';

export interface ReasonRequest {
  title: string;
  /** The reason must be given (reject); otherwise it may be left empty. */
  required: boolean;
  /** Ask for a refund amount, up to this many fen (default: all of it). */
  refundableFen?: number;
  onConfirm: (answer: { reason: string; amountFen?: number }) => void;
}

/** Asks staff for a reason (and, for a refund, an optional partial amount) before acting. */
export function ReasonDialog({
  request,
  onClose,
}: {
  request: ReasonRequest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () => {
    if (!request) return;
    if (request.required && reason.trim() === '') {
      setProblem(t('staff.reasonRequired'));
      return;
    }
    let amountFen: number | undefined;
    if (request.refundableFen !== undefined && amount.trim() !== '') {
      const fen = parseYuan(amount, 1, request.refundableFen);
      if (fen === null) {
        setProblem(t('staff.refundInvalid', { max: formatFen(request.refundableFen) }));
        return;
      }
      amountFen = fen;
    }
    request.onConfirm({ reason: reason.trim(), ...(amountFen !== undefined ? { amountFen } : {}) });
    setReason('');
    setAmount('');
    setProblem(null);
    onClose();
  };
  return (
    <Dialog isOpen={request !== null} onClose={onClose} title={request?.title}>
      <DialogBody>
        <FormGroup label={t('staff.reason')} labelFor="staff-reason">
          <TextArea
            id="staff-reason"
            fill
            autoFocus
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
        {request?.refundableFen !== undefined && (
          <FormGroup
            label={t('staff.refundAmount', { max: formatFen(request.refundableFen) })}
            labelFor="staff-refund"
          >
            <InputGroup
              id="staff-refund"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </FormGroup>
        )}
        {problem && (
          <p className="xa-field-error" role="alert">
            {problem}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('checkout.close')} onClick={onClose} />
            <Button intent="primary" text={t('staff.confirm')} onClick={confirm} />
          </>
        }
      />
    </Dialog>
  );
}
