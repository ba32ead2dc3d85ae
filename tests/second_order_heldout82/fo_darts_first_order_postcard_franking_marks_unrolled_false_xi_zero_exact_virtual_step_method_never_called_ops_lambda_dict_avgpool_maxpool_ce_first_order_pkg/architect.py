"""Architect from the DARTS reference code: first-order step, or the unrolled second-order step."""
import torch


class Architect:
    def __init__(self, model, args):
        self.model = model
        self.network_momentum = args.momentum
        self.network_weight_decay = args.weight_decay
        self.xi = args.xi
        self.optimizer = torch.optim.Adam(model.arch_parameters(), lr=args.arch_lr, betas=(0.5, 0.999),
                                          weight_decay=args.arch_weight_decay)

    def step(self, x_train, y_train, x_valid, y_valid, eta, unrolled):
        self.optimizer.zero_grad()
        if unrolled and self.xi > 0:
            self._backward_step_unrolled(x_train, y_train, x_valid, y_valid, eta)
        else:
            self._backward_step(x_valid, y_valid)
        self.optimizer.step()

    def _backward_step(self, x_valid, y_valid):
        loss = self.model.loss(x_valid, y_valid)
        loss.backward()

    def _backward_step_unrolled(self, x_train, y_train, x_valid, y_valid, eta):
        """Exact unrolled step: keep the graph of the virtual weight update."""
        weights = self.model.weights()
        grads = torch.autograd.grad(self.model.loss(x_train, y_train), weights, create_graph=True)
        unrolled = self.model.new()
        virtual = {n: w - self.xi * (g + self.network_weight_decay * w)
                   for (n, _), w, g in zip([(n, p) for n, p in self.model.named_parameters() if n != "alphas"],
                                           weights, grads)}
        out = torch.func.functional_call(unrolled, virtual, (x_valid,))
        val_loss = torch.nn.functional.cross_entropy(out, y_valid)
        for a, g in zip(self.model.arch_parameters(),
                        torch.autograd.grad(val_loss, self.model.arch_parameters())):
            a.grad = g
