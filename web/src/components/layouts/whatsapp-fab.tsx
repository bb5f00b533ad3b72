import Fab from '@mui/material/Fab';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { whatsappLink } from '@app/shared-types/phone';

/** The space (px) a phone's page keeps free below its last line for the button (site-footer.tsx). */
export const WHATSAPP_FAB_CLEARANCE_PX = 104;

/** The floating chat button on every public page (SPEC.md section 1). */
export function WhatsAppFab({ phone }: { phone: string }) {
  return (
    <Fab
      component="a"
      href={whatsappLink(phone)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat on WhatsApp"
      sx={{
        position: 'fixed',
        right: { xs: 16, sm: 24 },
        bottom: { xs: 16, sm: 24 },
        zIndex: (theme) => theme.zIndex.speedDial,
        bgcolor: '#157A3C',
        color: 'common.white',
        boxShadow: '0 8px 24px rgba(20, 60, 40, 0.35)',
        '&:hover': { bgcolor: '#0F6330' },
      }}
    >
      <WhatsAppIcon sx={{ fontSize: 30 }} />
    </Fab>
  );
}
