import torch
import torch.nn.functional as F
from torch.func import functional_call


class Architect:
    """Second-order DARTS: alpha is updated through one virtual SGD step of the weights."""

    def __init__(self, model, xi=0.01, arch_lr=3e-4):
        self.model = model
        self.xi = xi
        self.opt = torch.optim.Adam([model.alphas], lr=arch_lr, betas=(0.5, 0.999))

    def _virtual_weights(self, x_train, y_train, create_graph):
        names = [n for n, _ in self.model.named_parameters() if n != "alphas"]
        ws = self.model.weights()
        train_loss = F.cross_entropy(self.model(x_train), y_train)
        gs = torch.autograd.grad(train_loss, ws, create_graph=create_graph)
        return {n: w - self.xi * g for n, w, g in zip(names, ws, gs)}

    def step(self, x_train, y_train, x_val, y_val, unrolled):
        self.opt.zero_grad()
        if unrolled:
            fast = self._virtual_weights(x_train, y_train, create_graph=unrolled)
            fast["alphas"] = self.model.alphas
            val_loss = F.cross_entropy(functional_call(self.model, fast, (x_val,)), y_val)
        else:
            val_loss = F.cross_entropy(self.model(x_val), y_val)
        val_loss.backward()
        self.opt.step()
        return val_loss.item()
