"""ES-MAML (Song et al., 2020) for few-shot regression of canal lock filling times.

The inner adaptation is a few gradient steps (torch.autograd.grad on functional weights, no graph);
the meta-gradient is a zeroth-order estimate from antithetic Gaussian perturbations of the initial
weights, so no derivative of the adaptation is ever taken.
"""
import torch
import torch.nn.functional as F

SIGMA, POP, META_LR, INNER_LR, INNER_STEPS = 0.02, 4, 0.05, 0.05, 2


def init_weights(hidden=24):
    return [torch.randn(hidden, 2) * 0.3, torch.zeros(hidden), torch.randn(1, hidden) * 0.2, torch.zeros(1)]


def forward(w, x):
    h = F.hardswish(F.linear(x, w[0], w[1]))
    return F.linear(h, w[2], w[3])


def adapt(w, x, y):
    w = [t.clone().requires_grad_(True) for t in w]
    for _ in range(INNER_STEPS):
        loss = F.smooth_l1_loss(forward(w, x), y)
        grads = torch.autograd.grad(loss, w)
        w = [(t - INNER_LR * g).detach().requires_grad_(True) for t, g in zip(w, grads)]
    return [t.detach() for t in w]


def lock_task():
    area, head = torch.rand(1) + 0.5, torch.rand(1) * 2 + 1
    x = torch.rand(16, 2) * torch.tensor([1.0, 3.0])
    y = (area * x[:, :1] / (head * x[:, 1:].sqrt() + 0.1)) + 0.01 * torch.randn(16, 1)
    return (x[:8], y[:8]), (x[8:], y[8:])


def post_adaptation_loss(w, task):
    (xs, ys), (xq, yq) = task
    fast = adapt(w, xs, ys)
    with torch.no_grad():
        return F.smooth_l1_loss(forward(fast, xq), yq).item()


def main():
    torch.manual_seed(0)
    theta = init_weights()
    for it in range(3):
        task = lock_task()
        est = [torch.zeros_like(t) for t in theta]
        for _ in range(POP):
            eps = [torch.randn_like(t) for t in theta]
            plus = post_adaptation_loss([t + SIGMA * e for t, e in zip(theta, eps)], task)
            minus = post_adaptation_loss([t - SIGMA * e for t, e in zip(theta, eps)], task)
            est = [a + (plus - minus) / (2 * SIGMA * POP) * e for a, e in zip(est, eps)]
        theta = [t - META_LR * g for t, g in zip(theta, est)]
        print(it, round(post_adaptation_loss(theta, task), 5))


if __name__ == "__main__":
    main()
