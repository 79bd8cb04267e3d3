import { Module } from '@nestjs/common';
import { AllocationRepository } from './persistence/allocation.repository.js';
import { AllocationsUseCase } from './use-cases/allocations.use-case.js';

/** Owns `allocations`: every staff, room and device hold of appointments and classes is written here. */
@Module({ providers: [AllocationRepository, AllocationsUseCase], exports: [AllocationsUseCase] })
export class AllocationsModule {}
