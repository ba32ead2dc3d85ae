"""Input sensitivities of the load estimator (reported to the binding engineers, never trained on)."""
import warnings

import torch
from torch.func import functional_call, linearize

# linearize traces with make_fx; its constant folding warns about the detached weights it inlines
warnings.filterwarnings("ignore", message="Attempted to insert a get_attr Node")


def channel_sensitivity(model, imu):
    """Mean |J e_c| per IMU channel, with J linearised once at the batch (weights detached)."""
    params = {name: p.detach() for name, p in model.named_parameters()}

    def predict(x):
        return functional_call(model, params, (x,))

    _, jvp_fn = linearize(predict, imu.detach())
    out = []
    for c in range(imu.shape[1]):
        tangent = torch.zeros_like(imu)
        tangent[:, c] = 1.0
        out.append(jvp_fn(tangent).abs().mean().item())
    return out


def jacobian_smoothness(model, imu, create_graph):
    """Temporal roughness of d(load)/d(imu); a trainable penalty only with create_graph=True."""
    imu = imu.detach().requires_grad_(True)
    load = model(imu)
    grad, = torch.autograd.grad(load.sum(), imu, create_graph=create_graph)
    return grad.diff(dim=-1).pow(2).mean()
