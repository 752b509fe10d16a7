/**
 * Every route of the API with the shared zod schemas it reads and answers. The OpenAPI document
 * (document.ts) is generated from this table, and the contract tests check every response the
 * API's tests receive against that document, so a route or a field that drifts fails CI.
 */
import { z } from 'zod';
import {
  backInStockBody,
  backInStockResponse,
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
  adminReturnsQuery,
  adminReturnsResponse,
  returnIdParams,
  returnMoveBody,
  returnRequestBody,
  returnsResponse,
  returnOptionsResponse,
  categoryBody,
  categoryMutationResponse,
  codOrderBody,
  codSettlementBody,
  codOrderResponse,
  createOrderBody,
  createOrderResponse,
  idempotencyKey,
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
  catalogColoursResponse,
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
  adminCouponsResponse,
  applyCouponBody,
  applyCouponResponse,
  couponBody,
  couponMutationResponse,
  offerBody,
  offerMutationResponse,
  pauseBody,
  updateCouponBody,
  updateOfferBody,
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
    | 'GST'
    | 'Coupons'
    | 'Returns';
  summary: string;
  /** `bearer`: a token is required; `optional`: a token is read when sent. */
  auth?: 'bearer' | 'optional';
  params?: ZodObject;
  query?: ZodObject;
  /** Request headers the route reads (beyond Authorization). */
  headers?: ZodObject;
  body?: z.ZodType;
  bodyType?: 'application/json' | 'multipart/form-data';
  /** The same call also taken as multipart/form-data (a JSON body beside files), this form. */
  formBody?: z.ZodType;
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

/** A return request as multipart: its lines as JSON text, and one optional photo of the piece. */
const returnRequestMultipart = z.object({
  items: z.string().meta({
    description: "The request's `items` (as in the JSON body), as JSON text",
  }),
  photo: z
    .string()
    .meta({
      description:
        'A photo of the piece: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB; checked like a product photo and stored as WebP',
      override: { type: 'string', contentMediaType: 'image/*' },
    })
    .optional(),
});

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
    path: '/product/colours',
    tag: 'Products',
    summary:
      'The colours the catalog\'s products come in (one per key, in name order, at most 40; not "Default"), for the home page\'s colour filter',
    response: catalogColoursResponse,
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
    summary:
      'Every product, 500 a page, newest first; `q` keeps those whose name has words starting so, `ids` (comma-separated, up to 100) answers just those products in that order',
    query: adminProductsQuery,
    response: allProductsResponse,
    errors: [400],
  },
  {
    method: 'get',
    path: '/product/get-product/{slug}',
    tag: 'Products',
    summary:
      'One product by its slug, with every photo of every colour; a slug it had before a rename answers the product too (its `slug` is its address now; a product that has the slug wins)',
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
      "Set an order's status (admin); a move back needs `reason`, marking it shipped may carry `shipment` (courier, AWB), and `from` refuses (409) an order that moved on since the admin saw it",
    auth: 'bearer',
    params: orderIdParams,
    body: updateStatusBody,
    response: updateStatusResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
    example: { status: 'shipped' },
  },
  {
    method: 'put',
    path: '/orders/{orderId}/cod',
    tag: 'Orders',
    summary:
      'Settle a cash-on-delivery order (admin): `collected` (a delivered order, with the remittance reference) or `returned` unpaid (RTO: cancelled, stock back)',
    auth: 'bearer',
    params: orderIdParams,
    body: codSettlementBody,
    response: updateStatusResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
    example: { outcome: 'collected', reference: 'DTDC-REM-20261204-118' },
  },
  {
    method: 'get',
    path: '/orders/overview',
    tag: 'Orders',
    summary:
      'Orders and revenue of the last 30 days, orders per status, and return requests waiting for the staff (admin)',
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
    path: '/orders/returns',
    tag: 'Returns',
    summary:
      "The admin's Returns page: exchange and return requests, newest first, `?status=` for one status or `waiting` for those awaiting the staff's next step",
    auth: 'bearer',
    query: adminReturnsQuery,
    response: adminReturnsResponse,
    errors: [400, ...AUTH_ERRORS],
  },
  {
    method: 'get',
    path: '/orders/{orderId}/returns/options',
    tag: 'Returns',
    summary:
      'What the shopper may exchange or return of their order now, line by line: pieces left, the sizes and colours in stock for an exchange, and the reason wherever the request would be refused',
    auth: 'bearer',
    params: orderIdParams,
    response: returnOptionsResponse,
    errors: [400, ...AUTH_ERRORS, 404],
  },
  {
    method: 'post',
    path: '/orders/{orderId}/returns',
    tag: 'Returns',
    summary:
      'The shopper asks to exchange (another size or colour, held from stock at once) or return pieces of their delivered order, within the return window; one request per line. As multipart/form-data it takes an optional photo of the piece (415 not a picture, 413 over 5 MB, 400 does not decode)',
    auth: 'bearer',
    params: orderIdParams,
    body: returnRequestBody,
    formBody: returnRequestMultipart,
    response: returnsResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409, 413, 415],
    example: {
      items: [
        {
          itemId: '6650f1c2a1b2c3d4e5f60789',
          quantity: 1,
          kind: 'exchange',
          size: 'L',
          reason: 'too_small',
        },
      ],
    },
  },
  {
    method: 'put',
    path: '/orders/returns/{returnId}',
    tag: 'Returns',
    summary:
      'Move a request (admin: approved, rejected with a note, picked_up, received, check_passed, check_failed with a note, refunded with the COD transfer `reference` or to ask a failed refund again; the shopper: cancelled while requested)',
    auth: 'bearer',
    params: returnIdParams,
    body: returnMoveBody,
    response: returnsResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
    example: { status: 'approved' },
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
    summary:
      "Price the cart on the server (the automatic offer, and the `coupon` if sent: 409 with `reason` when refused), hold the code's use and open the provider's order",
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
    path: '/orders/cod',
    tag: 'Orders',
    summary:
      'Place a cash-on-delivery order to a saved address (server-priced with the delivery and COD fees; one order per Idempotency-Key)',
    auth: 'bearer',
    headers: z.object({ 'Idempotency-Key': idempotencyKey }),
    body: codOrderBody,
    status: 201,
    response: codOrderResponse,
    errors: [400, 401, 404, 409, 429],
    example: {
      amount: 389,
      addressId: '6650f1c2a1b2c3d4e5f60123',
      items: [{ _id: '6650f1c2a1b2c3d4e5f60789', cartQuantity: 1, size: 'M' }],
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

  // Coupons
  {
    method: 'post',
    path: '/coupons/apply',
    tag: 'Coupons',
    summary:
      'What the automatic offer and a code take off the cart, per line and in all (rupees), or why the code gives nothing (`reason`); a code needs a signed-in shopper',
    auth: 'optional',
    body: applyCouponBody,
    response: applyCouponResponse,
    errors: [400, 401, 409, 429],
    example: {
      code: 'WELCOME10',
      items: [{ _id: '6650f1c2a1b2c3d4e5f60789', cartQuantity: 2, size: 'M', colour: 'Black' }],
    },
  },
  {
    method: 'get',
    path: '/admin/coupons',
    tag: 'Coupons',
    summary:
      'Every code and automatic offer with its uses, the orders placed with it and what it gave away (admin)',
    auth: 'bearer',
    response: adminCouponsResponse,
    errors: AUTH_ERRORS,
  },
  {
    method: 'post',
    path: '/admin/coupons',
    tag: 'Coupons',
    summary:
      'A new code (amounts in paise); 400 beside each field, 409 when the code exists (admin)',
    auth: 'bearer',
    body: couponBody,
    status: 201,
    response: couponMutationResponse,
    errors: [400, ...AUTH_ERRORS, 409],
    example: { code: 'WELCOME10', kind: 'percent', percentOff: 10, maxDiscountPaise: 30000 },
  },
  {
    method: 'put',
    path: '/admin/coupons/{id}',
    tag: 'Coupons',
    summary:
      'Edit a code: its whole terms with the version read (409 when another save came first) (admin)',
    auth: 'bearer',
    params: idParams,
    body: updateCouponBody,
    response: couponMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },
  {
    method: 'patch',
    path: '/admin/coupons/{id}',
    tag: 'Coupons',
    summary: 'Pause or resume a code (admin)',
    auth: 'bearer',
    params: idParams,
    body: pauseBody,
    response: couponMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404],
  },
  {
    method: 'post',
    path: '/admin/offers',
    tag: 'Coupons',
    summary:
      'A new automatic offer: a bundle ("3 for ₹999", repeating per 3) or a cart-value discount (admin)',
    auth: 'bearer',
    body: offerBody,
    status: 201,
    response: offerMutationResponse,
    errors: [400, ...AUTH_ERRORS],
    example: { name: 'Any 3 for ₹999', kind: 'bundle', bundlePieces: 3, bundlePricePaise: 99900 },
  },
  {
    method: 'put',
    path: '/admin/offers/{id}',
    tag: 'Coupons',
    summary: 'Edit an automatic offer with the version read (409 when stale) (admin)',
    auth: 'bearer',
    params: idParams,
    body: updateOfferBody,
    response: offerMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404, 409],
  },
  {
    method: 'patch',
    path: '/admin/offers/{id}',
    tag: 'Coupons',
    summary: 'Pause or resume an automatic offer (admin)',
    auth: 'bearer',
    params: idParams,
    body: pauseBody,
    response: offerMutationResponse,
    errors: [400, ...AUTH_ERRORS, 404],
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
  // Back in stock
  {
    method: 'post',
    path: '/product/{id}/back-in-stock',
    tag: 'Products',
    summary:
      '"Notify me": one mail when this sold-out colour and size is back in stock (a guest gives an email; a signed-in shopper is mailed at their account\'s). Asking again is the same ask. 400 for a colour or size the product is not made in, or one in stock',
    auth: 'optional',
    params: idParams,
    body: backInStockBody,
    status: 201,
    response: backInStockResponse,
    errors: [400, 401, 404, 429],
    example: { colour: 'Black', size: 'M', email: 'asha@example.com' },
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
