import { styled } from '@mui/material/styles';

/**
 * An <img> that takes `sx` and keeps `width` and `height` as attributes. MUI's Box
 * reads width and height as style props instead, so a `<Box component="img" width={..}>`
 * has no attributes, and the browser cannot reserve the image's box before it loads.
 */
export const Img = styled('img')({});
