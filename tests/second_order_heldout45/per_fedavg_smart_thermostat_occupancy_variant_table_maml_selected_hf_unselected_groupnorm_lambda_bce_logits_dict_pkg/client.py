"""Client-side Per-FedAvg updates. VARIANTS maps the config string to one local meta-step."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def focal_bce(logits, y, gamma=2.0):
    p = torch.sigmoid(logits)
    pt = p * y + (1 - p) * (1 - y)
    return ((1 - pt) ** gamma * F.binary_cross_entropy_with_logits(logits, y, reduction="none")).mean()


LOSSES = {
    "bce": F.binary_cross_entropy_with_logits,
    "focal": focal_bce,
}


def _loss(model, params, batch, cfg):
    x, y = batch
    return LOSSES[cfg.loss](functional_call(model, params, (x,)), y)


def _grads(model, params, batch, cfg, create_graph=False):
    loss = _loss(model, params, batch, cfg)
    return loss, torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)


def fo_step(model, params, batches, cfg):
    _, g1 = _grads(model, params, batches[0], cfg)
    temp = {n: (p - cfg.alpha * g).detach().requires_grad_() for (n, p), g in zip(params.items(), g1)}
    loss, g2 = _grads(model, temp, batches[1], cfg)
    return loss, g2


def hf_step(model, params, batches, cfg):
    """Hessian-free: (I - alpha H) g2 with H g2 from a central difference of two gradients."""
    _, g1 = _grads(model, params, batches[0], cfg)
    temp = {n: (p - cfg.alpha * g).detach().requires_grad_() for (n, p), g in zip(params.items(), g1)}
    loss, g2 = _grads(model, temp, batches[1], cfg)
    plus = {n: (p + cfg.hf_delta * g).detach().requires_grad_() for (n, p), g in zip(params.items(), g2)}
    minus = {n: (p - cfg.hf_delta * g).detach().requires_grad_() for (n, p), g in zip(params.items(), g2)}
    _, gp = _grads(model, plus, batches[2], cfg)
    _, gm = _grads(model, minus, batches[2], cfg)
    return loss, [b - cfg.alpha * (a_p - a_m) / (2 * cfg.hf_delta) for b, a_p, a_m in zip(g2, gp, gm)]


def maml_step(model, params, batches, cfg):
    _, g1 = _grads(model, params, batches[0], cfg, create_graph=True)
    temp = {n: p - cfg.alpha * g for (n, p), g in zip(params.items(), g1)}
    loss = _loss(model, temp, batches[1], cfg)
    return loss, torch.autograd.grad(loss, list(params.values()))


VARIANTS = {"fo": fo_step, "hf": hf_step, "maml": maml_step}


def local_update(model, global_state, data, cfg):
    params = {n: t.clone().requires_grad_() for n, t in global_state.items()}
    step_fn = VARIANTS[cfg.variant]
    for _ in range(cfg.local_steps):
        batches = [data.sample(cfg.batch) for _ in range(3)]
        loss, meta_grads = step_fn(model, params, batches, cfg)
        params = {n: (p - cfg.beta * g).detach().requires_grad_() for (n, p), g in zip(params.items(), meta_grads)}
    return {n: p.detach() for n, p in params.items()}, loss.item()
