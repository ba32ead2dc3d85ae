import torch


def unwrap(model):
    return model.module if hasattr(model, "module") else model


def gradient_penalty(critic, real, fake, lambda_gp):
    net = unwrap(critic)
    eps = torch.rand(real.size(0), 1, 1, 1, device=real.device)
    x_hat = torch.lerp(real, fake, eps).requires_grad_(True)
    out = net(x_hat)
    grad = torch.autograd.grad(out, x_hat, grad_outputs=torch.ones_like(out), create_graph=True)[0]
    slopes = grad.flatten(1).norm(dim=1)
    return lambda_gp * ((slopes - 1.0) ** 2).mean()
