-- KYC images (docs/projects.md, "Bulk KYC"): the images of the KYC images upload, attached to the
-- outlet its file name names, live with the outlet's other images and show in its gallery.
ALTER TABLE outlet_images DROP CONSTRAINT outlet_images_kind_check;
ALTER TABLE outlet_images
  ADD CONSTRAINT outlet_images_kind_check CHECK (kind IN ('banner', 'rsa_proof', 'ownership_proof',
    'address_proof', 'bank_related_photo_proofs', 'gst_number_photo_proofs', 'pan_number_photo_proofs', 'kyc'));
