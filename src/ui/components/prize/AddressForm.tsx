import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwardItem, ShippingAddressBody } from '../../../contract/activity-prize/calls.ts';
import type { FieldError } from '../../../machines/errors.ts';
import { useRuntime } from '../../app/context.ts';
import { cityList, districtList, provinceList, type Division } from '../../app/prize-queries.ts';
import { useQuery } from '../../app/use-query.ts';

type Field = Exclude<keyof ShippingAddressBody, 'id'>;
const FIELDS: Field[] = [
  'recipient',
  'mobile',
  'provinceCode',
  'cityCode',
  'districtCode',
  'detail',
];

/** The first field the form would refuse, checked as the contract checks it. */
function firstInvalid(values: Record<Field, string>): Field | null {
  if (!values.recipient.trim()) return 'recipient';
  if (!/^1\d{10}$/.test(values.mobile)) return 'mobile';
  if (!values.provinceCode) return 'provinceCode';
  if (!values.cityCode) return 'cityCode';
  if (!values.districtCode) return 'districtCode';
  if (values.detail.trim().length < 2) return 'detail';
  return null;
}

/**
 * A prize's shipping address: recipient, mobile, province → city → district from the address
 * service (each list follows the one above it), and the street address. What the form or the
 * server refuses shows under its field.
 */
export function AddressForm({
  award,
  serverErrors,
  busy,
  onSubmit,
}: {
  award: AwardItem;
  serverErrors: FieldError[];
  busy: boolean;
  onSubmit: (address: ShippingAddressBody) => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [values, setValues] = useState<Record<Field, string>>({
    recipient: award.recipient ?? '',
    mobile: award.mobile ?? '',
    provinceCode: award.provinceCode ?? '',
    cityCode: award.cityCode ?? '',
    districtCode: award.districtCode ?? '',
    detail: award.addressDetail ?? '',
  });
  const [local, setLocal] = useState<Field | null>(null);
  const provinces = useQuery(provinceList(runtime));
  const cities = useQuery(cityList(runtime, values.provinceCode));
  const districts = useQuery(districtList(runtime, values.cityCode));

  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    // A new province or city empties what hangs below it.
    if (field === 'provinceCode') Object.assign(next, { cityCode: '', districtCode: '' });
    if (field === 'cityCode') next.districtCode = '';
    setValues(next);
    if (local === field) setLocal(null);
  };
  const messageOf = (field: Field) =>
    local === field
      ? t(`prize.invalid.${field}`)
      : (serverErrors.find((e) => e.field === field)?.message ?? null);
  const options = (list: Division[] | undefined, enabled: boolean) => [
    { value: '', label: t('prize.choose') },
    ...(enabled ? (list ?? []).map((d) => ({ value: d.code, label: d.name })) : []),
  ];
  const submit = () => {
    const bad = firstInvalid(values);
    setLocal(bad);
    if (bad) return;
    onSubmit({
      id: award.id,
      ...values,
      recipient: values.recipient.trim(),
      detail: values.detail.trim(),
    });
  };

  const control = (field: Field) => {
    const id = `prize-address-${field}`;
    const intent = messageOf(field) ? 'danger' : 'none';
    switch (field) {
      case 'provinceCode':
        return (
          <HTMLSelect
            id={id}
            value={values.provinceCode}
            options={options(provinces.data, true)}
            onChange={(e) => set(field, e.target.value)}
          />
        );
      case 'cityCode':
        return (
          <HTMLSelect
            id={id}
            value={values.cityCode}
            disabled={!values.provinceCode}
            options={options(cities.data, values.provinceCode !== '')}
            onChange={(e) => set(field, e.target.value)}
          />
        );
      case 'districtCode':
        return (
          <HTMLSelect
            id={id}
            value={values.districtCode}
            disabled={!values.cityCode}
            options={options(districts.data, values.cityCode !== '')}
            onChange={(e) => set(field, e.target.value)}
          />
        );
      default:
        return (
          <InputGroup
            id={id}
            value={values[field]}
            inputMode={field === 'mobile' ? 'tel' : undefined}
            intent={intent}
            onChange={(e) => set(field, e.target.value)}
          />
        );
    }
  };
  const labels: Record<Field, string> = {
    recipient: t('prize.recipient'),
    mobile: t('prize.mobile'),
    provinceCode: t('prize.province'),
    cityCode: t('prize.city'),
    districtCode: t('prize.district'),
    detail: t('prize.detail'),
  };

  return (
    <form
      className="xa-prize-address"
      data-testid="prize-address-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {provinces.error !== undefined && (
        <p className="xa-field-error" role="alert">
          {t('prize.addressFailed')}
        </p>
      )}
      {FIELDS.map((field) => {
        const message = messageOf(field);
        return (
          <FormGroup
            key={field}
            label={labels[field]}
            labelFor={`prize-address-${field}`}
            intent={message ? 'danger' : 'none'}
            helperText={message ?? undefined}
          >
            {control(field)}
          </FormGroup>
        );
      })}
      <Button type="submit" intent="primary" loading={busy} text={t('prize.saveAddress')} />
    </form>
  );
}
