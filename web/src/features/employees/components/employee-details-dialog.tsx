import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, formatINR } from '@app/shared-types/format';
import type { EmployeeRecord } from '@app/shared-types/employees';
import Alert from '@mui/material/Alert';
import { useState, type ReactNode } from 'react';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { useToast } from '../../../lib/toast';
import { useApproveEmployee, useResetTwoFactor } from '../api/two-factor-and-approval';
import { ErrorState } from '../../../components/error-state';
import { FormDialog } from '../../../components/form-dialog';
import { LoadingState } from '../../../components/loading-state';
import { PhoneLink } from '../../../components/record-card';
import { serverMessage } from '../../../lib/api-errors';
import { PII_LABELS, STATUS_LABELS } from '../model';
import { EmployeeAvatar, EmployeeStatusChip, RoleBadge } from './employee-badges';
import { RevealablePii } from './revealable-pii';

const TITLE_ID = 'employee-details-title';

interface EmployeeDetailsDialogProps {
  open: boolean;
  employee: EmployeeRecord | undefined;
  error?: unknown;
  /** The reporting manager's name by id ('' while unknown). */
  managerName: (id: string) => string;
  /** Whether the signed-in person may edit this employee (and reveal their personal data). */
  canManage: boolean;
  onEdit: (employee: EmployeeRecord) => void;
  onClose: () => void;
}

/** A labelled group of facts. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}>
        {children}
      </Box>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const blank = children === '' || children === null || children === undefined;
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {blank ? '—' : children}
      </Typography>
    </>
  );
}

/** Every field of an employee; personal data masked, with Reveal (audited, 30 seconds) for those who manage them. */
export function EmployeeDetailsDialog({ open, employee, error, managerName, canManage, onEdit, onClose }: EmployeeDetailsDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} titleId={TITLE_ID} maxWidth="sm">
      {!employee ? (
        <>
          <DialogTitle id={TITLE_ID}>Employee details</DialogTitle>
          <DialogContent dividers>
            {error ? <ErrorState message={`Could not load this employee. ${serverMessage(error)}`} /> : <LoadingState label="Loading employee..." />}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <>
          {/* Not a DialogTitle: that takes the dialog's title id, and the dialog would be named by the initials and badges too. */}
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', px: 3, py: 2 }}>
            <EmployeeAvatar name={employee.name} picture={employee.profilePicture} size={56} />
            <Box sx={{ minWidth: 0 }}>
              <Typography id={TITLE_ID} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {employee.name}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                <RoleBadge role={employee.role} />
                <EmployeeStatusChip status={employee.status} />
              </Stack>
            </Box>
          </Box>
          <DialogContent dividers>
            <Stack spacing={2.5}>
              {employee.accessRequestedAt && employee.status === 'inactive' && <AccessRequest employee={employee} canManage={canManage} />}
              <Group title="Account">
                <Fact label="Email">{employee.email}</Fact>
                <Fact label="Status">{STATUS_LABELS[employee.status]}</Fact>
                <Fact label="Can sign in">{employee.canSignIn ? 'Yes' : 'No (no password set yet)'}</Fact>
                <Fact label="Last sign-in">{employee.lastLoginAt ? formatDate(employee.lastLoginAt) : 'Never'}</Fact>
                <Fact label="Two-factor sign-in">
                  <TwoFactorFact employee={employee} canManage={canManage} />
                </Fact>
              </Group>
              <Group title="Work">
                <Fact label="Department">{employee.department}</Fact>
                <Fact label="Position">{employee.position}</Fact>
                <Fact label="Reporting manager">{employee.reportingManager ? managerName(employee.reportingManager) || 'Loading...' : ''}</Fact>
                <Fact label="Hire date">{employee.hireDate ? formatDate(employee.hireDate) : ''}</Fact>
                <Fact label="Monthly salary">{employee.salary === null ? '' : formatINR(employee.salary)}</Fact>
              </Group>
              <Group title="Contact">
                <Fact label="Phone">{employee.phone ? <PhoneLink phone={employee.phone} /> : ''}</Fact>
                <Fact label="Address">{employee.address}</Fact>
                <Fact label="Emergency contact">{employee.emergencyContact}</Fact>
                <Fact label="Skills">{employee.skills}</Fact>
              </Group>
              <Group title="Bank & identity">
                <Fact label={PII_LABELS.bankAccountNumber}>
                  <RevealablePii employeeId={employee.id} field="bankAccountNumber" masked={employee.bankAccountNumber} canReveal={canManage} />
                </Fact>
                <Fact label="IFSC code">{employee.bankIfscCode}</Fact>
                <Fact label={PII_LABELS.panNumber}>
                  <RevealablePii employeeId={employee.id} field="panNumber" masked={employee.panNumber} canReveal={canManage} />
                </Fact>
                <Fact label={PII_LABELS.aadharNumber}>
                  <RevealablePii employeeId={employee.id} field="aadharNumber" masked={employee.aadharNumber} canReveal={canManage} />
                </Fact>
              </Group>
              <Typography variant="caption" color="text.secondary">
                Revealing personal data is recorded in the audit log. A revealed value hides again after 30 seconds.
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>Close</Button>
            {canManage && (
              <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => onEdit(employee)}>
                Edit
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </FormDialog>
  );
}

/** 'On' with Reset (turns it off and ends the person's sessions, audited), or 'Off'. */
function TwoFactorFact({ employee, canManage }: { employee: EmployeeRecord; canManage: boolean }) {
  const { toast } = useToast();
  const reset = useResetTwoFactor();
  const [confirming, setConfirming] = useState(false);
  if (!employee.twoFactorEnabled) return 'Off';
  return (
    <>
      On
      {canManage && (
        <Button size="small" color="error" sx={{ ml: 1, py: 0 }} onClick={() => setConfirming(true)}>
          Reset
        </Button>
      )}
      <ConfirmActionDialog
        open={confirming}
        title="Reset two-factor sign-in?"
        message={`${employee.name}'s authenticator app and recovery codes stop working and they are signed out everywhere. They sign in with their password and set it up again.`}
        confirmLabel="Reset"
        pending={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(employee.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Two-factor sign-in reset', description: `${employee.name} sets it up again at their next sign-in.` });
            },
            onError: (error) => {
              setConfirming(false);
              toast({ variant: 'destructive', title: 'Could not reset two-factor sign-in', description: serverMessage(error) });
            },
          })
        }
      />
    </>
  );
}

/** A 'Request access' account waiting for approval: Approve activates it (at the version shown). */
function AccessRequest({ employee, canManage }: { employee: EmployeeRecord; canManage: boolean }) {
  const { toast } = useToast();
  const approve = useApproveEmployee();
  return (
    <Alert
      severity="warning"
      action={
        canManage && (
          <Button
            color="inherit"
            size="small"
            disabled={approve.isPending}
            onClick={() =>
              approve.mutate(
                { id: employee.id, version: employee.version },
                {
                  onSuccess: () => toast({ title: 'Access approved', description: `${employee.name} can sign in now.` }),
                  onError: (error) => toast({ variant: 'destructive', title: 'Could not approve', description: serverMessage(error) }),
                },
              )
            }
          >
            {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
        )
      }
    >
      Requested access on {formatDate(employee.accessRequestedAt ?? '')}. The account stays inactive until approved.
    </Alert>
  );
}
