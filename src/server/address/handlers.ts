/** address calls (contract/address/calls.ts): answered from memory, no database. */
import { address } from '../../contract/address/calls.ts';
import { handle } from '../http/handler.ts';
import { citiesOf, districtsOf, provinces } from './divisions.ts';

export const addressHandlers = [
  handle(address['address.queryProvinceList'], () => provinces()),
  handle(address['address.queryCityList'], ({ query }) => citiesOf(query.provinceCode)),
  handle(address['address.queryDistrictList'], ({ query }) => districtsOf(query.cityCode)),
];
