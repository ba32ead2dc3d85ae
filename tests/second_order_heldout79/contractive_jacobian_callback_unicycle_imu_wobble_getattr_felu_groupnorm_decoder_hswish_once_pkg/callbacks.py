"""Lightning-style callbacks; the contractive (Jacobian) penalty is one of them."""
import logging

import torch

log = logging.getLogger("unicycle.callbacks")
CALLBACKS = {}


def register_callback(cls):
    CALLBACKS[cls.__name__] = cls
    return cls


def build_callbacks(cfgs):
    out = []
    for cfg in cfgs:
        cfg = dict(cfg)
        out.append(CALLBACKS[cfg.pop("type")](**cfg))
    return out


class Callback:
    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        pass

    def on_before_backward(self, trainer, pl_module, outputs):
        pass

    def on_train_batch_end(self, trainer, pl_module, outputs, batch_idx):
        pass


@register_callback
class JacobianRegularizer(Callback):
    """Random-projection estimate of ||dz/dx||_F^2, added to the loss before backward."""

    def __init__(self, weight=0.1, n_proj=1):
        self.weight, self.n_proj = weight, n_proj

    def on_before_backward(self, trainer, pl_module, outputs):
        x, z = outputs["inputs"], outputs["latent"]
        frob = 0.0
        for _ in range(self.n_proj):
            v = torch.randn_like(z)
            (jv,) = torch.autograd.grad((z * v).sum(), x, create_graph=trainer.create_graph, retain_graph=True)
            frob = frob + jv.pow(2).sum() / (self.n_proj * x.size(0))
        outputs["loss_jac"] = self.weight * z.size(1) * frob
        outputs["loss"] = outputs["loss"] + outputs["loss_jac"]


@register_callback
class MetricLogger(Callback):
    def __init__(self, every_n_steps=10):
        self.every_n_steps = every_n_steps

    def on_train_batch_end(self, trainer, pl_module, outputs, batch_idx):
        if trainer.global_step % self.every_n_steps == 0:
            log.info("step %d loss %.4f jac %.4f", trainer.global_step, outputs["loss"].item(),
                     outputs.get("loss_jac", torch.zeros(())).item())
