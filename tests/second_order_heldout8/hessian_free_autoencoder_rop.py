"""Hessian-free optimisation (Martens 2010) of a deep 'curves' autoencoder. Curvature-vector products use the
Gauss-Newton matrix G = J^T H_L J: the J v product is obtained with the double-backward trick (a VJP against
a dummy cotangent, differentiated again w.r.t. that cotangent), the loss Hessian H_L of the sigmoid
cross-entropy is written in closed form."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def build_autoencoder(sizes=(784, 400, 200, 100, 30)):
    enc, dec = [], []
    for a, b in zip(sizes[:-1], sizes[1:]):
        enc += [nn.Linear(a, b), nn.Sigmoid()]
    enc[-1] = nn.PReLU()                                   # linear-ish code layer
    rev = sizes[::-1]
    for a, b in zip(rev[:-1], rev[1:]):
        dec += [nn.Linear(a, b), nn.Sigmoid()]
    dec.pop()                                              # logits out
    return nn.Sequential(*enc, *dec)


def flat(ts):
    return torch.cat([t.reshape(-1) for t in ts])


def unflat(vec, like):
    out, i = [], 0
    for p in like:
        out.append(vec[i:i + p.numel()].view_as(p))
        i += p.numel()
    return out


def gauss_newton_product(model, x, v, damping):
    params = [p for p in model.parameters() if p.requires_grad]
    logits = model(x)
    u = torch.zeros_like(logits, requires_grad=True)
    jt_u = torch.autograd.grad(logits, params, grad_outputs=u, create_graph=True)
    jv = torch.autograd.grad(jt_u, u, grad_outputs=unflat(v, params))[0]       # R-op: J v
    p = torch.sigmoid(logits.detach())
    hjv = p * (1 - p) * jv / x.size(0)
    gv = torch.autograd.grad(logits, params, grad_outputs=hjv)
    return flat(gv) + damping * v


def conjugate_gradient(Av, b, iters=20, tol=1e-6):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rs = r @ r
    for _ in range(iters):
        Ap = Av(p)
        alpha = rs / (p @ Ap)
        x += alpha * p
        r -= alpha * Ap
        rs_new = r @ r
        if rs_new.sqrt() < tol:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def hf_step(model, x, damping=1.0):
    params = [p for p in model.parameters() if p.requires_grad]
    loss = F.binary_cross_entropy_with_logits(model(x), x, reduction="sum") / x.size(0)
    g = flat(torch.autograd.grad(loss, params))
    step = conjugate_gradient(lambda v: gauss_newton_product(model, x, v, damping), -g)
    with torch.no_grad():
        for p, s in zip(params, unflat(step, params)):
            p.add_(s)
    return loss.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    ae = build_autoencoder((64, 32, 16, 8))
    data = torch.rand(16, 64).round()
    for _ in range(2):
        print(hf_step(ae, data))
