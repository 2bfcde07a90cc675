/**
 * The region of a shipping address, checked against the address service (server/address): a
 * rule about China's divisions, not about awards, so the award's move only receives its names.
 */
import type { ShippingAddressBody } from '../../contract/activity-prize/calls.ts';
import { citiesOf, districtsOf, provinces } from '../address/divisions.ts';
import { validationError } from '../http/validation-error.ts';

/**
 * The region of an address, checked against the address service: the city must be the
 * province's, the district the city's. Each refusal names its field.
 */
export async function regionNames(body: ShippingAddressBody): Promise<string> {
  const refuse = (field: string, message: string) =>
    validationError([{ field: `body.${field}`, message }]);
  const province = (await provinces()).find((p) => p.code === body.provinceCode);
  if (!province) throw refuse('provinceCode', `省份代码 ${body.provinceCode} 不存在`);
  const city = (await citiesOf(province.code)).find((c) => c.code === body.cityCode);
  if (!city) throw refuse('cityCode', `城市代码 ${body.cityCode} 不属于${province.name}`);
  const district = (await districtsOf(city.code).catch(() => [])).find(
    (d) => d.code === body.districtCode,
  );
  if (!district) {
    throw refuse('districtCode', `区县代码 ${body.districtCode} 不属于${city.name}`);
  }
  // A municipality's city is itself (北京市 北京市): named once.
  return [...new Set([province.name, city.name, district.name])].join(' ');
}
