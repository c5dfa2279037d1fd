/**
 * One icon per fact (issue 18) and per public amenity, from the app's one icon set, for the
 * place page (the fact filters' own, which the map's list needs, are in fact-filter-icons.ts).
 */
import type { AmenityKind, FactKey } from '@playspot/core';
import {
  Baby,
  Cake,
  Clock,
  Coffee,
  Dog,
  DoorOpen,
  GlassWater,
  IceCreamCone,
  Landmark,
  Layers,
  Lightbulb,
  SquareParking,
  Ticket,
  Toilet,
  type LucideIcon,
} from 'lucide-react';
import { FACT_FILTER_ICONS } from './fact-filter-icons.ts';

export const FACT_ICONS: Readonly<Record<FactKey, LucideIcon>> = {
  ...FACT_FILTER_ICONS,
  changing_table: Baby,
  surface: Layers,
  lit: Lightbulb,
  drinking_water: GlassWater,
  parking: SquareParking,
  opening_hours: Clock,
  access: DoorOpen,
  fee: Ticket,
  dogs: Dog,
  min_age: Cake,
  max_age: Cake,
  operator: Landmark,
};

export const AMENITY_ICONS: Readonly<Record<AmenityKind, LucideIcon>> = {
  toilets: Toilet,
  drinking_water: GlassWater,
  changing_table: Baby,
  ice_cream: IceCreamCone,
  cafe: Coffee,
};
