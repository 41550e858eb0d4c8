/**
 * The seed's demo images are SVG (seed/images.ts); uploads never are (service-kit's sniffImageType accepts PNG, JPEG and WebP only).
 * Opened on its own, an SVG is a document that could run script, so media delivery gives it a policy that lets it
 * load and run nothing but its own inline styles.
 */
export const SVG_CONTENT_TYPE = 'image/svg+xml';
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
