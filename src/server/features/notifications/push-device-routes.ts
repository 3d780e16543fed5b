import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  PushDeviceInputSchema,
  PushDeviceSavedResponseSchema,
  PushDevicesResponseSchema,
  PushPublicKeyResponseSchema,
  TestPushResponseSchema,
} from '../../../shared/contracts/push-devices.ts';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { PUSH_DEVICE_LIMIT_MESSAGE } from '../../../shared/rules/push-devices.ts';
import {
  ADMIN_ERROR_RESPONSES,
  errorResponses,
  HttpError,
  SAVE_ERROR_RESPONSES,
} from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { PushDeviceRepository } from './push-device-repository.ts';
import { type PushEndpointRules, pushEndpointProblem } from './push-endpoints.ts';
import type { PushSender } from './push-sender.ts';

const DEVICE_NOT_FOUND_MESSAGE = 'Device not found';
// One text for every failure, and none carries the push service's status: the button must not tell a user
// anything about the receiver beyond "delivered" or not (decision 047).
const TEST_FAILED_MESSAGE =
  'The test notification could not be delivered. Try again later, or remove this device and turn notifications on again.';
const DEVICE_GONE_MESSAGE =
  'The push service says this device no longer accepts notifications, so it was removed. Turn notifications on again on that device.';
const DeviceParamsSchema = idParamsSchema('device');

/**
 * My Profile's push devices: the signed-in user's own, each able to take a test notification. An endpoint is
 * saved only when push may reach it (`endpointRules`, decision 047).
 */
export const pushDeviceRoutes: FastifyPluginAsyncZod<{
  devices: PushDeviceRepository;
  sender: PushSender;
  endpointRules: PushEndpointRules;
}> = async (app, { devices, sender, endpointRules }) => {
  app.get(
    '/api/admin/push/public-key',
    {
      config: { access: access.session('account') },
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, which a browser subscribes to push with",
        response: { 200: PushPublicKeyResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => ({ publicKey: await sender.publicKey() }),
  );

  app.get(
    '/api/admin/profile/devices',
    {
      config: { access: access.session('account') },
      schema: {
        tags: ['push'],
        summary: "The signed-in user's devices that receive push notifications",
        response: { 200: PushDevicesResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { devices: await devices.listForAdmin(request.admin!.id) };
    },
  );

  app.post(
    '/api/admin/profile/devices',
    {
      config: { access: access.session('account'), audit: { action: 'device.add' } },
      schema: {
        tags: ['push'],
        summary:
          "Adds this browser's push subscription to the signed-in user's devices (again: updates it; " +
          "another user's: moves it to this user); 409 when the user already has the most devices allowed",
        body: PushDeviceInputSchema,
        response: { 201: PushDeviceSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const problem = await pushEndpointProblem(request.body.endpoint, endpointRules);
      if (problem)
        throw new HttpError(400, `Please check the form: ${problem}`, { errors: { endpoint: problem } });
      const device = await devices.save(request.admin!.id, request.body);
      if (device === 'limit') {
        throw new HttpError(409, PUSH_DEVICE_LIMIT_MESSAGE, { code: 'LIMIT_REACHED' });
      }
      return reply.status(201).send({
        success: true as const,
        message: 'This device will be notified of new inquiries',
        device,
      });
    },
  );

  app.delete(
    '/api/admin/profile/devices/:id',
    {
      config: { access: access.session('account'), audit: { action: 'device.remove', target: 'device' } },
      schema: {
        tags: ['push'],
        summary: "Removes one of the signed-in user's devices: it gets no more notifications",
        params: DeviceParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await devices.deleteOwned(request.params.id, request.admin!.id))) {
        throw new HttpError(404, DEVICE_NOT_FOUND_MESSAGE);
      }
      return { success: true as const, message: 'Device removed' };
    },
  );

  app.post(
    '/api/admin/profile/devices/:id/test',
    {
      // A test notification changes nothing.
      config: { access: access.session('account'), audit: null },
      schema: {
        tags: ['push'],
        operationId: 'sendTestNotification',
        summary:
          "Sends a test notification to one of the signed-in user's devices now, and answers whether it was " +
          'delivered (a device the push service calls gone is removed: 410)',
        params: DeviceParamsSchema,
        response: {
          200: TestPushResponseSchema,
          ...ADMIN_ERROR_RESPONSES,
          ...errorResponses(410, 502),
        },
      },
    },
    async (request) => {
      const device = await devices.findOwned(request.params.id, request.admin!.id);
      if (!device) throw new HttpError(404, DEVICE_NOT_FOUND_MESSAGE);
      let outcome: Awaited<ReturnType<PushSender['send']>>;
      try {
        outcome = await sender.send(device, {
          title: 'Test notification',
          body: `New inquiries will be shown on ${device.deviceName} like this.`,
          url: adminPath('profile'),
          tag: 'test',
        });
      } catch (error) {
        request.log.warn({ err: error, deviceId: device.id }, 'a test notification failed');
        throw new HttpError(502, TEST_FAILED_MESSAGE);
      }
      if (outcome.kind === 'gone') {
        await devices.delete(device.id);
        throw new HttpError(410, DEVICE_GONE_MESSAGE);
      }
      await devices.markSent(device.id);
      return { success: true as const, message: `Test notification sent to ${device.deviceName}` };
    },
  );
};
