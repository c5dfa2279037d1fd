/** GET /api/me/data: everything PlaySpot holds about the signed-in person (issue 30). */
import { myDataSchema, type MyData } from '@playspot/core';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMyData(): Promise<MyData> {
  return apiRequest('/api/me/data', { schema: myDataSchema });
}
