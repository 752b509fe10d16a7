/** The seller's GST details, as the admin set them in the shop's settings (section `gst`). */
import type { GstSettings } from '@repo/shared';
import { getSettings } from '../settings/index.js';

export const gstSeller = (): Promise<GstSettings> => getSettings('gst');
