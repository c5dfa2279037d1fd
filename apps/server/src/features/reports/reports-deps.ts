/** What the reports service is given (app.ts): the other features' capabilities it uses. */
import type { DatabaseHandle } from '../../db/client.ts';
import type {
  ChangePoints,
  DeleteComment,
  DeletePlace,
  DeletePhoto,
  LockComment,
  LockPlace,
  LockPhoto,
  RecordAuditEntries,
} from '../../lib/capabilities.ts';

export interface ReportsDeps {
  database: DatabaseHandle;
  urlFor: (key: string) => string;
  now?: () => Date;
  lockPlace: LockPlace;
  lockComment: LockComment;
  lockPhoto: LockPhoto;
  deletePhoto: DeletePhoto;
  deleteComment: DeleteComment;
  deletePlace: DeletePlace;
  changePoints: ChangePoints;
  recordAuditEntries: RecordAuditEntries;
  deleteFiles: (keys: string[]) => Promise<void>;
  deleteCommentFiles: (locationId: string, commentId: string) => Promise<void>;
  deletePlaceFiles: (locationId: string) => Promise<void>;
}
