"""Smoothness / robustness regularisers of the predicted flow, keyed by name."""
import torch

REGULARISERS = {}


def regulariser(name):
    def deco(fn):
        REGULARISERS[name] = fn
        return fn
    return deco


@regulariser("diffusion_fd")
def diffusion_fd(flow, **_):
    dy = flow[:, :, 1:, :] - flow[:, :, :-1, :]
    dx = flow[:, :, :, 1:] - flow[:, :, :, :-1]
    return dx.pow(2).mean() + dy.pow(2).mean()


@regulariser("bending_fd")
def bending_fd(flow, **_):
    dxx = flow[:, :, :, 2:] - 2 * flow[:, :, :, 1:-1] + flow[:, :, :, :-2]
    dyy = flow[:, :, 2:, :] - 2 * flow[:, :, 1:-1, :] + flow[:, :, :-2, :]
    return dxx.pow(2).mean() + dyy.pow(2).mean()


@regulariser("input_jacobian")
def input_jacobian(flow, moving=None, **_):
    """Sensitivity of the flow to the moving image (random projection), kept differentiable."""
    v = torch.randn_like(flow)
    (jv,) = torch.autograd.grad(flow, moving, grad_outputs=v, create_graph=True)
    return jv.pow(2).sum() / flow.shape[0]
