/**
 * Every route of the API with the shared zod schemas it reads and answers. The OpenAPI document
 * (document.ts) is generated from this table, and the contract tests check every response the
 * API's tests receive against that document, so a route or a field that drifts fails CI.
 */
import { z } from 'zod';
import {
  colourParams,
  imageChangeBody,
  imageOrderBody,
  imageParams,
  imageUploadFields,
  MAX_IMAGES_PER_COLOUR,
  adminOrdersResponse,
  creditNoteParams,
  gstReportQuery,
  checkoutIdParams,
  refundUnsettledBody,
  refundUnsettledResponse,
  unsettledQuery,
  unsettledResponse,
  adminProductsQuery,
  adminUsersQuery,
  allCategoriesResponse,
  allProductsResponse,
  allUsersResponse,
  authResponse,
  cancelOrderResponse,
  categoryBody,
  categoryMutationResponse,
  createOrderBody,
  createOrderResponse,
  filterProductsBody,
  filterProductsResponse,
  forgotPasswordBody,
  healthResponse,
  idParams,
  loginBody,
  orderDetailResponse,
  orderIdParams,
  orderOverviewResponse,
  ordersPageQuery,
  pageParams,
  paymentConfigResponse,
  productFields,
  productCountResponse,
  productListResponse,
  productMutationResponse,
  productResponse,
  profileBody,
  profileResponse,
  readyResponse,
  registerBody,
  relatedParams,
  relatedProductsResponse,
  resetPasswordBody,
  sandboxPayBody,
  sandboxPayResponse,
  searchParams,
  searchResponse,
  slugParams,
  successMessage,
  updateStatusBody,
  updateStatusResponse,
  userDetailResponse,
  userIdParams,
  userOrdersQuery,
  userOrdersResponse,
  verifyOtpBody,
  verifyPaymentBody,
  verifyPaymentResponse,
  webhookResponse,
  stockQuery,
  stockResponse,
  SETTINGS_SECTION_NAMES,
  addressBody,
  addressIdParams,
  addressMutationResponse,
  addressesResponse,
  deliveryEstimateQuery,
  deliveryEstimateResponse,
  adminSettingsResponse,
  publicSettingsResponse,
  settingsSectionParams,
  settingsUpdateBody,
  updateSettingsResponse,
  adminReviewIdParams,
  adminReviewResponse,
  adminReviewsQuery,
  adminReviewsResponse,
  helpfulResponse,
  myReviewResponse,
  reviewBody,
  reviewMutationResponse,
  reviewParams,
  reviewReplyBody,
  reviewsQuery,
  reviewsResponse,
  reviewStatusBody,
} from '@repo/shared';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type ZodObject = z.ZodObject;

export interface Operation {
  method: Method;
  /** The path under /api in OpenAPI form: `/product/get-product/{slug}`. */
  path: string;
  tag:
    | 'Operations'
    | 'Auth'
    | 'Users'
    | 'Categories'
    | 'Products'
    | 'Orders'
    | 'Payments'
    | 'Delivery'
    | 'Settings'
    | 'Reviews'
    | 'GST';
  summary: string;
  /** `bearer`: a token is required; `optional`: a token is read when sent. */
  auth?: 'bearer' | 'optional';
  params?: ZodObject;
  query?: ZodObject;
  body?: z.ZodType;
  bodyType?: 'application/json' | 'multipart/form-data';
  /** The success answer: its status, and its JSON schema or another media type. */
  status?: 200 | 201;
  /** A create-or-update that answers `status` (201) when it created and this when it updated. */
  updatedStatus?: 200;
  response: z.ZodType | { mediaType: string; description: string };
  /** Error statuses this route is known to answer (all with the error shape). */
  errors: number[];
  example?: unknown;
}

/** A product photo as a multipart part. */
const photoPart = z.string().meta({
  description: 'The product photo: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB',
  override: { type: 'string', contentMediaType: 'image/*' },
});
const productForm = (photo: 'required' | 'optional') =>
  productFields.extend({ photo: photo === 'required' ? photoPart : photoPart.optional() });
/** A colour's photos as multipart parts: several files in `images`, their alt texts beside. */
const imagesForm = imageUploadFields.extend({
  images: z
    .array(photoPart)
    .min(1)
    .max(MAX_IMAGES_PER_COLOUR)
    .meta({
      description: `1 to ${MAX_IMAGES_PER_COLOUR} photos, each checked like the product form's photo (a colour holds at most ${MAX_IMAGES_PER_COLOUR})`,
    }),
});

const AUTH_ERRORS = [401, 403];

/** A review's photos as multipart parts. */
const reviewForm = reviewBody.extend({
  keepPhotos: z.string().optional().meta({
    description: 'The current photos to keep, as a JSON list of their URLs; left out, all are kept',
  }),
  photos: z
    .array(
      z.string().meta({
        description: 'A photo: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB',
        override: { type: 'string', contentMediaType: 'image/*' },
      }),
    )
    .max(3)
    .optional(),
});

export const OPERATIONS: Operation[] = [
  // Operations
  {
    method: 'get',
    path: '/health',
    tag: 'Operations',
    summary: 'The process is alive',
    response: healthResponse,
    errors: [],
  },
  {
    method: 'get',
    path: '/ready',
    tag: 'Operations',
    summary:
      'This process can serve: the database answers and it is not shutting down (503 otherwise)',
    response: readyResponse,
    errors: [503],
  },

  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This document',
    response: z.looseObject({ openapi: z.literal('3.1.0') }),
    errors: [],
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'Operations',
    summary: 'A reference page for this document (Swagger UI)',
    response: { mediaType: 'text/html', description: 'The reference page' },
    errors: [],
  },

  // Auth
  {
    method: 'post',
    path: '/auth/register',
    tag: 'Auth',
    summary: 'Create a customer account and sign in',
    body: registerBody,
    status: 201,
    response: authResponse,
    errors: [400, 409, 429],
    example: {
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'a-long-password',
      phone: '9876543210',
      address: '12 MG Road, Bengaluru 560001',
    },
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Auth',
    summary: 'Sign in with email and password',
    body: loginBody,
    response: authResponse,
    errors: [400, 401, 429],
    example: { email: 'asha@example.com', password: 'a-long-password' },
  },
  {
    method: 'post',
    path: '/auth/forgot-password',
    tag: 'Auth',
    summary:
      'Queue a mail with a 6-digit reset code (the same answer, as soon, for an unknown email)',
    body: forgotPasswordBody,
    response: successMessage,
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/auth/verify-otp',
    tag: 'Auth',
    summary: 'Check a reset code',
    body: verifyOtpBody,
    response: successMessage,
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    tag: 'Auth',
    summary: 'Set a new password with a reset code',
    body: resetPasswordBody,
    response: successMessage,
    errors: [400, 429],
  },

  // Users
  {
    method: 'get',
    path: '/user/user-detail/{userId}',
    tag: 'Users',
    summary: "A user's profile (that user or an admin)",
    auth: 'bearer',
    params: userIdParams,
    response: userDetailResponse,
    errors: [400, ...AUTH_ERRORS, 404],
  },
  {
    method: 'put',
    path: '/user/profile/{userId}',
    tag: 'Users',
    summary: 'Update name, phone, address and optionally the password',
    auth: 'bearer',
    params: userIdParams,
    body: profileBody,
    response: profileResponse,
    errors: [400, ...AUTH_ERRORS, 404, 429],
  },
  {
    method: 'get',
    path: '/user/addresses',
    tag: 'Users',
    summary:
      "The signed-in customer's saved addresses, the default first (an account's one-line address is its first)",
    auth: 'bearer',
    response: addressesResponse,
    errors: [401],
  },
  {
    method: 'post',
    path: '/user/addresses',
    tag: 'Users',
    summary: 'Save an address (the first is the default); the PIN must agree with the state',
    auth: 'bearer',
    body: addressBody,
    status: 201,
    response: addressMutationResponse,
    errors: [400, 401, 409],
    example: {
      name: 'Asha Rao',
      phone: '9876543210',
      line1: '12 MG Road',
      line2: 'Near the metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560001',
      isDefault: true,
    },
  },
  {
    method: 'put',
    path: '/user/addresses/{addressId}',
    tag: 'Users',
    summary: "Change a saved address (the default one changes the profile's one-line address)",
    auth: 'bearer',
    params: addressIdParams,
    body: addressBody,
    response: addressMutationResponse,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'put',
    path: '/user/addresses/{addressId}/default',
    tag: 'Users',
    summary: 'Make a saved address the default',
    auth: 'bearer',
    params: addressIdParams,
    response: addressMutationResponse,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'delete',
    path: '/user/addresses/{addressId}',
    tag: 'Users',
    summary: 'Delete a saved address (deleting the default makes the next one the default)',
    auth: 'bearer',
    params: addressIdParams,
    response: addressMutationResponse,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'get',
    path: '/all-user/adminpanel',
    tag: 'Users',
    summary: 'Every user, newest first (admin)',
    auth: 'bearer',
    query: adminUsersQuery,
    response: allUsersResponse,
    errors: [400, ...AUTH_ERRORS],
  },

  // Categories
  {
    method: 'get',
    path: '/category/all-category',
    tag: 'Categories',
    summary: 'Every category',
    response: allCategoriesResponse,
    errors: [],
  },
  {
    method: 'post',
    path: '/category/create-category',
    tag: 'Categories',
    summary: 'Create a category (admin)',
    auth: 'bearer',
    body: categoryBody,
    status: 201,
    response: categoryMutationResponse,
    errors: [400, ...AUTH_ERRORS, 409],
    example: { name: 'Anime' },
  },
  {
    method: 'put',
    path: '/category/update-category/{id}',
    tag: 'Categories',
    summary: 'Rename a category (admin)',
    auth: 'bearer',
    params: idParams,
    body: categoryBody,
    response: categoryMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },
  {
    method: 'delete',
    path: '/category/delete-category/{id}',
    tag: 'Categories',
    summary: 'Delete a category no product uses (admin)',
    auth: 'bearer',
    params: idParams,
    response: categoryMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },

  // Products
  {
    method: 'get',
    path: '/product/get-product-count',
    tag: 'Products',
    summary: 'How many products there are',
    response: productCountResponse,
    errors: [],
  },
  {
    method: 'get',
    path: '/product/productList/{page}',
    tag: 'Products',
    summary: 'A page of 12 products, newest first',
    params: pageParams,
    response: productListResponse,
    errors: [400],
  },
  {
    method: 'post',
    path: '/product/getFilter-product',
    tag: 'Products',
    summary:
      'A page of products in the chosen categories and price range, in stock in the size and colour asked (both in one colour); each colour with its first photo',
    body: filterProductsBody,
    response: filterProductsResponse,
    errors: [400],
    example: { checked: [], radio: [500, 699.99], page: 1, colour: 'black', size: 'M' },
  },
  {
    method: 'get',
    path: '/product/search/{keyword}',
    tag: 'Products',
    summary:
      'Products matching every word of the keyword, in any order, in name, description or category (at most 48, best matches first); `suggestions` (categories) when none match',
    params: searchParams,
    response: searchResponse,
    errors: [400],
  },
  {
    method: 'get',
    path: '/product/search',
    tag: 'Products',
    summary: 'An empty keyword: no products',
    response: searchResponse,
    errors: [],
  },
  {
    method: 'get',
    path: '/product/get-product',
    tag: 'Products',
    summary: 'Every product, 500 a page, newest first',
    query: adminProductsQuery,
    response: allProductsResponse,
    errors: [400],
  },
  {
    method: 'get',
    path: '/product/get-product/{slug}',
    tag: 'Products',
    summary: 'One product by its slug, with every photo of every colour',
    params: slugParams,
    response: productResponse,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/product/stock',
    tag: 'Products',
    summary: "Today's stock of some products, per colour and size (the cart's check; never cached)",
    query: stockQuery,
    response: stockResponse,
    errors: [400],
  },
  {
    method: 'get',
    path: '/product/related-product/{productId}/{categoryId}',
    tag: 'Products',
    summary: 'Other products of the same category',
    params: relatedParams,
    response: relatedProductsResponse,
    errors: [400],
  },
  {
    method: 'post',
    path: '/product/create-product',
    tag: 'Products',
    summary: 'Create a product with its photo (admin)',
    auth: 'bearer',
    body: productForm('required'),
    bodyType: 'multipart/form-data',
    status: 201,
    response: productMutationResponse,
    errors: [400, ...AUTH_ERRORS, 409, 413, 415],
  },
  {
    method: 'put',
    path: '/product/update-product/{id}',
    tag: 'Products',
    summary: 'Update a product; a new photo is optional (admin)',
    auth: 'bearer',
    params: idParams,
    body: productForm('optional'),
    bodyType: 'multipart/form-data',
    response: productMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409, 413, 415],
  },
  {
    method: 'delete',
    path: '/product/delete-product/{id}',
    tag: 'Products',
    summary: 'Delete a product (admin)',
    auth: 'bearer',
    params: idParams,
    response: successMessage,
    errors: [400, ...AUTH_ERRORS, 404],
  },
  {
    method: 'post',
    path: '/product/{id}/colours/{colour}/images',
    tag: 'Products',
    summary:
      'Add photos to a colour, after its others (admin): each checked by content, size and dimensions, stored as WebP at each width; none is stored if one is refused',
    auth: 'bearer',
    params: colourParams,
    body: imagesForm,
    bodyType: 'multipart/form-data',
    status: 201,
    response: productMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409, 413, 415],
  },
  {
    method: 'put',
    path: '/product/{id}/colours/{colour}/images',
    tag: 'Products',
    summary:
      "Put a colour's photos in a new order (admin): every one of them, each once (409 when they changed meanwhile); the first colour's first is the product's main photo",
    auth: 'bearer',
    params: colourParams,
    body: imageOrderBody,
    response: productMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },
  {
    method: 'patch',
    path: '/product/{id}/colours/{colour}/images/{imageId}',
    tag: 'Products',
    summary:
      "Change a photo's alt text, or move it to the end of another colour's photos (admin); the first colour keeps at least one",
    auth: 'bearer',
    params: imageParams,
    body: imageChangeBody,
    response: productMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },
  {
    method: 'delete',
    path: '/product/{id}/colours/{colour}/images/{imageId}',
    tag: 'Products',
    summary:
      "Delete a photo (admin); its files go once nothing shows them; the first colour's only photo stays",
    auth: 'bearer',
    params: imageParams,
    response: productMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },

  // Orders
  {
    method: 'get',
    path: '/orders/user-orders',
    tag: 'Orders',
    summary: "The signed-in shopper's orders, newest first",
    auth: 'bearer',
    query: userOrdersQuery,
    response: userOrdersResponse,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/orders/adminorders',
    tag: 'Orders',
    summary: 'Every order, newest first (admin)',
    auth: 'bearer',
    query: ordersPageQuery,
    response: adminOrdersResponse,
    errors: [400, ...AUTH_ERRORS],
  },
  {
    method: 'put',
    path: '/orders/update-status/{orderId}',
    tag: 'Orders',
    summary:
      "Set an order's status (admin); a move back needs `reason`, marking it shipped may carry `shipment` (courier, AWB)",
    auth: 'bearer',
    params: orderIdParams,
    body: updateStatusBody,
    response: updateStatusResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
    example: { status: 'shipped' },
  },
  {
    method: 'get',
    path: '/orders/overview',
    tag: 'Orders',
    summary: 'Orders and revenue of the last 30 days (admin)',
    auth: 'bearer',
    response: orderOverviewResponse,
    errors: AUTH_ERRORS,
  },

  {
    method: 'put',
    path: '/orders/cancel/{orderId}',
    tag: 'Orders',
    summary: 'The shopper cancels their own order before it ships: restocked and refunded in full',
    auth: 'bearer',
    params: orderIdParams,
    response: cancelOrderResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409, 502],
  },
  {
    method: 'get',
    path: '/orders/{orderId}',
    tag: 'Orders',
    summary: 'One order with its dated timeline and refund (its owner or an admin)',
    auth: 'bearer',
    params: orderIdParams,
    response: orderDetailResponse,
    errors: [400, ...AUTH_ERRORS, 404],
  },
  {
    method: 'get',
    path: '/orders/{orderId}/invoice',
    tag: 'GST',
    summary:
      "The order's tax invoice as a PDF (its owner or an admin); 404 while it has none (the seller's GST details not set)",
    auth: 'bearer',
    params: orderIdParams,
    response: { mediaType: 'application/pdf', description: 'The tax invoice' },
    errors: [400, ...AUTH_ERRORS, 404],
  },
  {
    method: 'get',
    path: '/orders/{orderId}/credit-notes/{index}',
    tag: 'GST',
    summary: "The order's first, second… credit note as a PDF (its owner or an admin)",
    auth: 'bearer',
    params: creditNoteParams,
    response: { mediaType: 'application/pdf', description: 'The credit note' },
    errors: [400, ...AUTH_ERRORS, 404],
  },

  // Payments
  {
    method: 'get',
    path: '/payment/config',
    tag: 'Payments',
    summary: 'Which payment provider the checkout uses',
    response: paymentConfigResponse,
    errors: [],
  },
  {
    method: 'post',
    path: '/payment/create-order',
    tag: 'Payments',
    summary: "Price the cart on the server and open the provider's order",
    auth: 'optional',
    body: createOrderBody,
    response: createOrderResponse,
    errors: [400, 401, 409, 429, 502],
    example: {
      amount: 998,
      items: [{ _id: '6650f1c2a1b2c3d4e5f60789', cartQuantity: 2, size: 'M', colour: 'Black' }],
    },
  },
  {
    method: 'post',
    path: '/payment/verify-payment',
    tag: 'Payments',
    summary: 'Check the payment signature and record the order (once per payment)',
    auth: 'bearer',
    body: verifyPaymentBody,
    response: verifyPaymentResponse,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'post',
    path: '/payment/webhook',
    tag: 'Payments',
    summary:
      "The provider's signed event (X-Razorpay-Signature over the raw body; X-Razorpay-Event-Id deduplicates)",
    body: z.record(z.string(), z.unknown()),
    response: webhookResponse,
    errors: [400],
  },
  {
    method: 'get',
    path: '/payment/sandbox/checkout.js',
    tag: 'Payments',
    summary: "The sandbox provider's checkout script (exposes window.Razorpay)",
    response: { mediaType: 'application/javascript', description: 'The checkout script' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/payment/unsettled',
    tag: 'Payments',
    summary: 'Captured payments that made no order, to refund: longest waiting first (admin)',
    auth: 'bearer',
    query: unsettledQuery,
    response: unsettledResponse,
    errors: [400, ...AUTH_ERRORS],
  },
  {
    method: 'post',
    path: '/payment/unsettled/{checkoutId}/refund',
    tag: 'Payments',
    summary: 'Give one of those payments back in full (admin)',
    auth: 'bearer',
    params: checkoutIdParams,
    body: refundUnsettledBody,
    response: refundUnsettledResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409, 502],
    example: { paymentId: 'pay_Nx2g5K8dQv1a3F' },
  },
  {
    method: 'post',
    path: '/payment/sandbox/pay',
    tag: 'Payments',
    summary: "The sandbox dialog's Pay button: a signed pretend payment",
    body: sandboxPayBody,
    response: sandboxPayResponse,
    errors: [400, 404],
  },

  // Delivery
  {
    method: 'get',
    path: '/delivery/estimate',
    tag: 'Delivery',
    summary:
      "Whether the shop delivers to a PIN, the fees (rupees) and the dates (India's, YYYY-MM-DD); with a token, the customer's COD standing counts",
    auth: 'optional',
    query: deliveryEstimateQuery,
    response: deliveryEstimateResponse,
    errors: [400],
  },

  // Settings
  {
    method: 'get',
    path: '/settings/public',
    tag: 'Settings',
    summary: "What the storefront may read of the shop's settings (cached for a minute)",
    response: publicSettingsResponse,
    errors: [],
  },
  {
    method: 'get',
    path: '/admin/settings',
    tag: 'Settings',
    summary: 'Every settings section with when and by whom it was saved (admin)',
    auth: 'bearer',
    response: adminSettingsResponse,
    errors: AUTH_ERRORS,
  },
  {
    method: 'put',
    path: '/admin/settings/{section}',
    tag: 'Settings',
    summary:
      "Save fields of one section (those left out keep their values); the whole section is checked, 400 with each field's issue (admin)",
    auth: 'bearer',
    params: settingsSectionParams,
    body: z.union(SETTINGS_SECTION_NAMES.map((s) => settingsUpdateBody(s))),
    response: updateSettingsResponse,
    errors: [400, ...AUTH_ERRORS, 409],
    example: { feePaise: 4900, freeFromPaise: 49900 },
  },
  // Reviews
  {
    method: 'get',
    path: '/product/{id}/reviews',
    tag: 'Reviews',
    summary:
      "A product's published reviews, newest or most helpful first (10 a page), with the summary: average, count, stars histogram, fit",
    auth: 'optional',
    params: idParams,
    query: reviewsQuery,
    response: reviewsResponse,
    errors: [400, 401, 404],
  },
  {
    method: 'post',
    path: '/product/{id}/reviews',
    tag: 'Reviews',
    summary:
      "Write or edit the signed-in customer's review (verified buyers only: a delivered order of the product); 201 when created",
    auth: 'bearer',
    params: idParams,
    body: reviewForm,
    bodyType: 'multipart/form-data',
    status: 201,
    updatedStatus: 200,
    response: reviewMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 413, 415],
  },
  {
    method: 'delete',
    path: '/product/{id}/reviews',
    tag: 'Reviews',
    summary: "Delete the signed-in customer's review of the product",
    auth: 'bearer',
    params: idParams,
    response: successMessage,
    errors: [400, 401, 404],
  },
  {
    method: 'get',
    path: '/product/{id}/reviews/mine',
    tag: 'Reviews',
    summary:
      "The signed-in customer's review of the product (any status) and the delivered purchase that lets them write one",
    auth: 'bearer',
    params: idParams,
    response: myReviewResponse,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/product/{id}/reviews/{reviewId}/helpful',
    tag: 'Reviews',
    summary: 'Mark a published review helpful (once per customer; 409 the second time)',
    auth: 'bearer',
    params: reviewParams,
    response: helpfulResponse,
    errors: [400, 401, 404, 409],
  },
  {
    method: 'get',
    path: '/admin/reviews',
    tag: 'Reviews',
    summary:
      'Every review, or those of one status (held: waiting for the admin), newest first (admin)',
    auth: 'bearer',
    query: adminReviewsQuery,
    response: adminReviewsResponse,
    errors: [400, ...AUTH_ERRORS],
  },
  {
    method: 'put',
    path: '/admin/reviews/{reviewId}/status',
    tag: 'Reviews',
    summary: 'Publish or hide a review (admin)',
    auth: 'bearer',
    params: adminReviewIdParams,
    body: reviewStatusBody,
    response: adminReviewResponse,
    errors: [400, ...AUTH_ERRORS, 404],
    example: { status: 'hidden' },
  },
  {
    method: 'put',
    path: '/admin/reviews/{reviewId}/reply',
    tag: 'Reviews',
    summary: "The shop's public reply under a review; an empty text removes it (admin)",
    auth: 'bearer',
    params: adminReviewIdParams,
    body: reviewReplyBody,
    response: adminReviewResponse,
    errors: [400, ...AUTH_ERRORS, 404],
  },
  {
    method: 'get',
    path: '/admin/gst-report',
    tag: 'GST',
    summary:
      "The month's GST report as CSV: B2C sales per state and rate, B2B invoices line by line, credit notes, HSN summary, totals (admin)",
    auth: 'bearer',
    query: gstReportQuery,
    response: { mediaType: 'text/csv', description: 'The report, one section after another' },
    errors: [400, ...AUTH_ERRORS],
  },
];
