/**
 * Addresses (docs/product-rules.md#the-call-catalogue `address`): provinces, their cities and the cities' districts by GB/T
 * 2260 code, from a maintained data set (server/address/divisions.ts), never typed by hand.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';

/** Six digits of GB/T 2260. */
export const divisionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '行政区划代码须为 6 位数字');

export const division = z.object({ code: z.string(), name: z.string() });

export const address = defineCalls({
  'address.queryProvinceList': {
    method: 'GET',
    access: 'public',
    summary: '省级行政区列表（GB/T 2260）',
    response: z.array(division),
  },
  'address.queryCityList': {
    method: 'GET',
    access: 'public',
    summary: '某省的地级行政区（直辖市与特别行政区答它自己一项，代码同省级代码）；未知代码答 404',
    query: z.strictObject({ provinceCode: divisionCode }),
    response: z.array(division),
  },
  'address.queryDistrictList': {
    method: 'GET',
    access: 'public',
    summary: '某市的县级行政区；未知代码答 404',
    query: z.strictObject({ cityCode: divisionCode }),
    response: z.array(division),
  },
});
