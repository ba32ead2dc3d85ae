"""FOMAML as a LightningModule-style class. The inner gradients come from torch.autograd.grad without
create_graph, so the adapted weights carry no second-order information (the query gradient is applied to
the initial weights as if d phi / d theta = I)."""
import torch
import torch.nn as nn

import config as C


class FOMAMLModule(nn.Module):
    def __init__(self, learner, config=C):
        super().__init__()
        self.learner = learner
        self.cfg = config

    def configure_optimizers(self):
        return torch.optim.Adam(self.learner.parameters(), lr=self.cfg.META_LR)

    def adapt(self, xs, ys):
        fast = self.learner.params()
        for _ in range(self.cfg.INNER_STEPS):
            loss = self.learner.loss(fast, xs, ys)
            grads = torch.autograd.grad(loss, list(fast.values()))
            fast = {k: w - self.cfg.INNER_LR * g for (k, w), g in zip(fast.items(), grads)}
        return fast

    def training_step(self, batch, batch_idx):
        total, accs = 0.0, []
        for xs, ys, xq, yq in batch:
            fast = self.adapt(xs, ys)
            q_loss = self.learner.loss(fast, xq, yq)
            total = total + q_loss / len(batch)
            with torch.no_grad():
                accs.append((self.learner.fforward(fast, xq).argmax(-1) == yq).float().mean().item())
        return total, {"query_ce": total.item(), "query_acc": sum(accs) / len(accs)}
