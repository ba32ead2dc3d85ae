"""Natural-gradient (generalised Gauss-Newton) training of a loom-shuttle vibration fault classifier.

Jacobian-vector products come from the double-vjp trick: J v = d/du <J^T u, v>.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ShuttleNet(nn.Sequential):
    def __init__(self, n_classes=4):
        super().__init__(
            nn.Conv1d(2, 6, 5, padding=2),
            nn.Tanh(),
            nn.AvgPool1d(4),
            nn.Flatten(),
            nn.Linear(6 * 8, 12),
            nn.PReLU(),
            nn.Linear(12, n_classes),
        )


def jvp_double_vjp(out, params, vec):
    u = torch.zeros_like(out, requires_grad=True)
    jtu = torch.autograd.grad(out, params, grad_outputs=u, create_graph=True)
    return torch.autograd.grad(jtu, u, grad_outputs=vec, retain_graph=True)[0]


def ggn_vector_product(out, params, vec, damping):
    jv = jvp_double_vjp(out, params, vec)
    p = F.softmax(out.detach(), dim=-1)
    hjv = p * jv - p * (p * jv).sum(-1, keepdim=True)
    jt_hjv = torch.autograd.grad(out, params, grad_outputs=hjv / out.size(0), retain_graph=True)
    return [a + damping * v for a, v in zip(jt_hjv, vec)]


def conjugate_gradient(mvp, b, iters=5):
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = sum((t * t).sum() for t in r)
    for _ in range(iters):
        Ap = mvp(p)
        alpha = rs / sum((a * q).sum() for a, q in zip(Ap, p))
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * ai for ri, ai in zip(r, Ap)]
        rs_new = sum((t * t).sum() for t in r)
        p = [ri + (rs_new / rs) * pi for ri, pi in zip(r, p)]
        rs = rs_new
    return x


def main():
    torch.manual_seed(0)
    model = ShuttleNet()
    params = [p for p in model.parameters()]
    x = torch.randn(16, 2, 32)
    y = torch.randint(0, 4, (16,))
    for step in range(3):
        out = model(x)
        loss = F.cross_entropy(out, y)
        grads = torch.autograd.grad(loss, params, retain_graph=True)
        direction = conjugate_gradient(lambda v: ggn_vector_product(out, params, v, 1e-2), list(grads))
        with torch.no_grad():
            for p, d in zip(params, direction):
                p -= 0.5 * d
        print(step, loss.item())


if __name__ == "__main__":
    main()
