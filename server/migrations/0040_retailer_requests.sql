-- Retailer master requests (spec 001 §3, §4.7): a change to an outlet's store, bank or tax details
-- waiting for QC's decision, and the proof images uploaded with it.

CREATE TABLE retailer_master_requests (
  id serial PRIMARY KEY,
  workflow_object_id int NOT NULL REFERENCES workflow_objects (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('store_details', 'bank_details', 'tax_details')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  old_data jsonb NOT NULL,
  new_data jsonb NOT NULL,
  rejection_reason text,
  created_by int REFERENCES users (id),
  decided_by int REFERENCES users (id),
  created timestamptz NOT NULL,
  decided timestamptz,
  CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL))
);
CREATE INDEX retailer_master_requests_object ON retailer_master_requests (workflow_object_id, status);

-- Proof images live with the outlet's other images and are served by the same call to whoever sees
-- the outlet. An upload belongs to its uploader until a request takes it (request_id set).
ALTER TABLE outlet_images DROP CONSTRAINT outlet_images_kind_check;
ALTER TABLE outlet_images
  ADD CONSTRAINT outlet_images_kind_check CHECK (kind IN ('banner', 'rsa_proof', 'ownership_proof',
    'address_proof', 'bank_related_photo_proofs', 'gst_number_photo_proofs', 'pan_number_photo_proofs')),
  ADD COLUMN owner_id int REFERENCES users (id),
  ADD COLUMN request_id int REFERENCES retailer_master_requests (id) ON DELETE SET NULL;
CREATE INDEX outlet_images_request ON outlet_images (request_id) WHERE request_id IS NOT NULL;
