# Learning-to-reweight (Ren et al. 2018) schedule: one virtual SGD step per batch.
optimizer = dict(type='SGD', lr=0.05, momentum=0.9, weight_decay=5e-4)
meta = dict(method='l2rw', virtual_lr=0.1, normalise_weights=True)
train_cfg = dict(iterations=4, batch_size=24, val_batch_size=12)
