import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'color_preferences' })
export class ColorPreferencesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'primary_color', type: 'text' }) primaryColor: string;
  @Column({ name: 'is_dark_mode', type: 'boolean' }) isDarkMode: boolean;
  @Column({ name: 'primary_text_color', type: 'text' }) primaryTextColor: string;
  @Column({ name: 'secondary_text_color', type: 'text' }) secondaryTextColor: string;
  @Column({ name: 'saved_brand_colors', type: 'text', array: true }) savedBrandColors: string[];
  @Column({ name: 'saved_text_colors', type: 'text', array: true }) savedTextColors: string[];
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
