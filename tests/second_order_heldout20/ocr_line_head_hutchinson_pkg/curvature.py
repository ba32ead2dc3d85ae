import torch


class HeadCurvature:
    """Hutchinson estimate of tr(H) restricted to the classifier head (used to pick quantisation bits)."""

    def __init__(self, model, criterion, n_probes=2):
        self.model = model
        self.criterion = criterion
        self.n_probes = n_probes

    def trace(self, images, targets):
        params = [p for p in self.model.head.parameters() if p.requires_grad]
        loss = self.criterion(self.model(images), targets)
        g = torch.autograd.grad(loss, params, create_graph=True)
        est = 0.0
        for _ in range(self.n_probes):
            z = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
            hz = torch.autograd.grad(g, params, grad_outputs=z, retain_graph=True)
            est += sum((a * b).sum().item() for a, b in zip(hz, z))
        return est / self.n_probes
