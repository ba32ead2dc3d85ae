"""Diagonal Fisher for the body + K-FAC for the head, both from first-order quantities."""
import torch
import torch.nn.functional as F


class FisherPreconditioner:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.body_params = [p for p in model.body.parameters() if p.requires_grad]
        self.diag = [torch.zeros_like(p) for p in self.body_params]
        self.A = self.G = None
        self._acts = self._out = None
        model.head.register_forward_hook(self._save_head_io)

    def _save_head_io(self, module, inputs, output):
        self._acts, self._out = inputs[0].detach(), output

    def _targets(self, logp, y):
        if self.cfg["labels"] == "sampled":
            with torch.no_grad():
                return torch.distributions.Categorical(logits=logp).sample()
        return y

    def update(self, x, y):
        """Per-sample gradients (first order) -> EMA of the diagonal Fisher and of the head's Kronecker factors."""
        sq = [torch.zeros_like(p) for p in self.body_params]
        head_out_grads = []
        for i in range(x.shape[0]):
            logp = self.model(x[i:i + 1])
            t = self._targets(logp, y[i:i + 1])
            nll = F.nll_loss(logp, t)
            grads = torch.autograd.grad(nll, self.body_params + [self._out], **self.cfg["grad_kwargs"])
            for s, g in zip(sq, grads[:-1]):
                s += g.detach() ** 2
            head_out_grads.append(grads[-1].detach())
        with torch.no_grad():
            e = self.cfg["ema"]
            for d, s in zip(self.diag, sq):
                d.mul_(e).add_(s / x.shape[0], alpha=1 - e)
            acts = self._acts_batch(x)
            A = acts.T @ acts / x.shape[0]
            dz = torch.cat(head_out_grads, dim=0)
            G = dz.T @ dz / x.shape[0]
            self.A = A if self.A is None else e * self.A + (1 - e) * A
            self.G = G if self.G is None else e * self.G + (1 - e) * G

    @torch.no_grad()
    def _acts_batch(self, x):
        self.model(x)
        return self._acts

    @torch.no_grad()
    def precondition(self):
        lam = self.cfg["damping"]
        for p, d in zip(self.body_params, self.diag):
            if p.grad is not None:
                p.grad.div_(d + lam)
        if self.cfg["kfac_head"] and self.A is not None:
            W = self.model.head.weight
            eye_a = torch.eye(self.A.shape[0])
            eye_g = torch.eye(self.G.shape[0])
            W.grad.copy_(torch.linalg.solve(self.G + lam ** 0.5 * eye_g,
                                            torch.linalg.solve(self.A + lam ** 0.5 * eye_a, W.grad.T).T))
