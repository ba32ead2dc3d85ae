"""Experiment config for the unicycle IMU contractive autoencoder."""

model = dict(
    encoder=dict(in_channels=6, channels=(16, 16), latent_dim=8, act="elu", norm="group", num_groups=4),
    decoder=dict(latent_dim=8, out_channels=6, length=32),
)

callbacks = [
    dict(type="JacobianRegularizer", weight=0.05, n_proj=1),
    dict(type="MetricLogger", every_n_steps=1),
]

trainer = dict(max_steps=4, create_graph=True, log_every_n_steps=1)
optimizer = dict(type="Adam", lr=1e-3)
data = dict(batch_size=16, length=32)


def as_dict():
    return dict(model=model, callbacks=callbacks, trainer=trainer, optimizer=optimizer, data=data)
