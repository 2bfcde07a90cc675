/**
 * Routes of the staff's answer calls (spec 001 §7.3 bms memberQuestion, §7.4 edms
 * memberQuestion): teachers read their organization's answers, platform staff everyone's.
 * Definitions with schemas: ../calls/staff-answers.ts.
 */
import { refsTo, type CallRoute } from '../call.ts';
import type * as defs from '../calls/staff-answers.ts';
import { resourceRoute } from '../resource-routes.ts';

const route = (area: 'bms' | 'edms', action: string, method: 'GET' | 'POST'): CallRoute =>
  resourceRoute(area, 'memberQuestion', action, method);

export const edmsQueryById = route('edms', 'queryById', 'GET');
export const edmsQueryListByTeacher = route('edms', 'queryListByTeacher', 'POST');
export const edmsQueryLatestList = route('edms', 'queryLatestList', 'POST');
export const edmsQueryStatisticsGroupByMember = route(
  'edms',
  'queryStatisticsGroupByMember',
  'POST',
);
export const edmsBatchClean = route('edms', 'batchClean', 'POST');
export const bmsQueryById = route('bms', 'queryById', 'GET');
export const bmsQueryList = route('bms', 'queryList', 'POST');
export const bmsQueryLatestList = route('bms', 'queryLatestList', 'POST');
export const bmsQueryStatisticsGroupByMember = route('bms', 'queryStatisticsGroupByMember', 'POST');

export const edms = refsTo<typeof defs.edms>()({
  queryById: edmsQueryById,
  queryListByTeacher: edmsQueryListByTeacher,
  queryLatestList: edmsQueryLatestList,
  queryStatisticsGroupByMember: edmsQueryStatisticsGroupByMember,
  batchClean: edmsBatchClean,
});

export const bms = refsTo<typeof defs.bms>()({
  queryById: bmsQueryById,
  queryList: bmsQueryList,
  queryLatestList: bmsQueryLatestList,
  queryStatisticsGroupByMember: bmsQueryStatisticsGroupByMember,
});
