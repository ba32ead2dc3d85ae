import torch


def _normalise(vs):
    n = torch.sqrt(sum((v * v).sum() for v in vs))
    return [v / (n + 1e-12) for v in vs]


def head_top_eigenvalue(model, loss_fn, x, y, iters=5):
    """Power iteration on the Hessian of the loss w.r.t. the classifier head only."""
    net = model.module if isinstance(model, torch.nn.DataParallel) else model
    params = [p for p in net.head.parameters() if p.requires_grad]
    loss = loss_fn(model(x), y)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    v = _normalise([torch.randn_like(p) for p in params])
    eig = torch.tensor(0.0)
    for _ in range(iters):
        hv = torch.autograd.grad(grads, params, grad_outputs=v, retain_graph=True)
        eig = sum((a * b).sum() for a, b in zip(hv, v))
        v = _normalise([h.detach() for h in hv])
    return eig.item()
