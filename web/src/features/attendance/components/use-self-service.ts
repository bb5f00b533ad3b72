import { ATTENDANCE_MESSAGES, formatAttendanceTime, type AttendanceLocation } from '@app/shared-types/attendance';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/api-errors';
import { currentCoordinates } from '../../../lib/geolocation';
import { useToast } from '../../../lib/toast';
import { useCheckIn, useCheckOut } from '../api/check-in-out';

/**
 * Self check-in and check-out with the SPEC.md 8 toasts. The coordinates are
 * asked of the browser only when `share` is set; a refusal checks in without them.
 */
export function useSelfService() {
  const { toast } = useToast();
  const checkInMutation = useCheckIn();
  const checkOutMutation = useCheckOut();

  const checkIn = async (location: AttendanceLocation, share: boolean) => {
    try {
      const coordinates = share ? await currentCoordinates() : null;
      const record = await checkInMutation.mutateAsync({ location, notes: '', ...(coordinates ?? {}) });
      const where = share && !coordinates ? ' (location not shared)' : '';
      toast({ title: ATTENDANCE_MESSAGES.recorded, description: `Checked in at ${formatAttendanceTime(record.checkIn)}${where}` });
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: ATTENDANCE_MESSAGES.recordFailed, description: serverMessage(error) });
      return false;
    }
  };

  /** 'confirm' when the server asks for a confirmation first (a check-out within minutes of the check-in). */
  const checkOut = async (confirm = false): Promise<boolean | 'confirm'> => {
    try {
      const record = await checkOutMutation.mutateAsync(confirm);
      const hours = record.totalHours === null ? '' : `: ${record.totalHours} h`;
      toast({ title: ATTENDANCE_MESSAGES.recorded, description: `Checked out at ${formatAttendanceTime(record.checkOut)}${hours}` });
      return true;
    } catch (error) {
      if (!confirm && error instanceof ApiError && error.status === 422) return 'confirm';
      toast({ variant: 'destructive', title: ATTENDANCE_MESSAGES.recordFailed, description: serverMessage(error) });
      return false;
    }
  };

  return { checkIn, checkOut, pending: checkInMutation.isPending || checkOutMutation.isPending };
}
