import torch
import torch.nn.functional as F


def interpolate(real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    return (eps * real + (1 - eps) * fake).requires_grad_(True)


def scaled_input_gradient(critic, x_hat, scaler, autocast):
    """AMP recipe: differentiate the *scaled* critic output, then unscale the returned gradient."""
    with autocast():
        out = critic(x_hat)
    (scaled,) = torch.autograd.grad(scaler.scale(out.float().sum()), x_hat, create_graph=True)
    inv_scale = 1.0 / scaler.get_scale()
    return scaled * inv_scale


def gradient_penalty(grad, kind="square", beta=0.5):
    norm = grad.flatten(1).norm(2, dim=1)
    if kind == "huber":
        return F.smooth_l1_loss(norm, torch.ones_like(norm), beta=beta)
    return ((norm - 1.0) ** 2).mean()


def wasserstein_d(critic, real, fake):
    return critic(fake).float().mean() - critic(real).float().mean()


def wasserstein_g(critic, fake):
    return -critic(fake).float().mean()
