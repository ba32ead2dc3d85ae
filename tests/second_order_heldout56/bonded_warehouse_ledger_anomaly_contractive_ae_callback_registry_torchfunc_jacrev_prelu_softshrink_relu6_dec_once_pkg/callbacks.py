import torch
from torch.func import functional_call, jacrev

REGISTRY = {}


def register(name):
    def deco(cls):
        REGISTRY[name] = cls
        return cls
    return deco


class Callback:
    def __init__(self, cfg):
        self.cfg = cfg

    def on_before_backward(self, trainer, losses, batch):
        pass

    def on_epoch_end(self, trainer, batch):
        pass


@register("contractive")
class ContractivePenalty(Callback):
    """Contractive AE term: squared Frobenius norm of d z / d x_numeric, per row (torch.func)."""

    def on_before_backward(self, trainer, losses, batch):
        enc = trainer.model.encoder
        params = dict(enc.named_parameters())

        def encode_summed(p, x_num, x_cat):
            # rows are independent, so the Jacobian of the row-sum holds every row's own Jacobian
            return functional_call(enc, p, (x_num, x_cat)).sum(0)

        jac = jacrev(encode_summed, argnums=1)(params, batch["x_num"], batch["x_cat"])   # (latent, rows, n_num)
        losses["contractive"] = self.cfg["contractive_weight"] * jac.pow(2).sum(dim=(0, 2)).mean()


@register("decoder_jacobian")
class DecoderJacobianPenalty(Callback):
    def on_before_backward(self, trainer, losses, batch):
        z = trainer.model.encoder(batch["x_num"], batch["x_cat"]).detach().requires_grad_(True)
        num_hat, _ = trainer.model.decoder(z)
        (g,) = torch.autograd.grad(num_hat.sum(), z, create_graph=True)
        losses["decoder_jacobian"] = self.cfg["decoder_jacobian_weight"] * g.pow(2).mean()


@register("score_calibration")
class ScoreCalibration(Callback):
    """Anomaly score = reconstruction error; sets the alarm threshold at a high quantile (no gradients)."""

    def on_epoch_end(self, trainer, batch):
        with torch.no_grad():
            num_err, cat_err = trainer.model.reconstruction_terms(batch["x_num"], batch["x_cat"])
            score = num_err + 0.2 * cat_err
        trainer.threshold = torch.quantile(score, self.cfg["alarm_quantile"]).item()
