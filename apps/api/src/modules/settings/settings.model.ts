/**
 * The shop's settings (collection `settings`): one document per section, its `_id` the
 * section's name ("delivery", "cod"), holding the value saved, when and by whom, and a version
 * that every save moves on (a save is conditional on the version it read). Every save is also
 * kept in `settings_history`, so what applied at any moment can be looked up.
 */
import mongoose from 'mongoose';

const author = new mongoose.Schema(
  { _id: { type: mongoose.Schema.Types.ObjectId, required: true }, name: String },
  { _id: false },
);

const settingsSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    value: { type: mongoose.Schema.Types.Mixed, required: true },
    version: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
    updatedBy: { type: author, required: true },
  },
  { versionKey: false, minimize: false },
);
export const Settings = mongoose.model('Settings', settingsSchema, 'settings');

const historySchema = new mongoose.Schema(
  {
    section: { type: String, required: true },
    value: { type: mongoose.Schema.Types.Mixed, required: true },
    version: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
    updatedBy: { type: author, required: true },
  },
  { versionKey: false, minimize: false },
);
// A section's saves, newest first.
historySchema.index({ section: 1, updatedAt: -1 });
export const SettingsHistory = mongoose.model('SettingsHistory', historySchema, 'settings_history');
