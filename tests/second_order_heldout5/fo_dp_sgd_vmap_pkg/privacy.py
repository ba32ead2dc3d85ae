"""DP-SGD step (Abadi et al. 2016) with per-example gradients from torch.func: vmap(grad(loss)) over a
detached copy of the parameters, per-example clipping, Gaussian noise, result written to p.grad."""
import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


class DPSGDStep:
    def __init__(self, model, max_grad_norm=1.0, noise_multiplier=1.1):
        self.model = model
        self.max_grad_norm = max_grad_norm
        self.noise_multiplier = noise_multiplier

        def sample_loss(params, buffers, x, y):
            out = functional_call(self.model, (params, buffers), (x.unsqueeze(0),))
            return F.cross_entropy(out, y.unsqueeze(0))

        self._per_sample_grads = vmap(grad(sample_loss), in_dims=(None, None, 0, 0))

    def __call__(self, x, y):
        params = {k: v.detach() for k, v in self.model.named_parameters()}
        buffers = {k: v.detach() for k, v in self.model.named_buffers()}
        grads = self._per_sample_grads(params, buffers, x, y)
        norms = torch.stack([g.flatten(1).norm(dim=1) for g in grads.values()], dim=1).norm(dim=1)
        factor = (self.max_grad_norm / (norms + 1e-6)).clamp(max=1.0)
        for name, p in self.model.named_parameters():
            g = torch.einsum("i,i...->...", factor, grads[name])
            g = g + torch.randn_like(g) * self.noise_multiplier * self.max_grad_norm
            p.grad = g / x.size(0)
