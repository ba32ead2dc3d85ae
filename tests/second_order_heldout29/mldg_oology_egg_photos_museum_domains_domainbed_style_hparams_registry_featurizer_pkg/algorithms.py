"""Domain-generalisation algorithms with a DomainBed-like ``update(minibatches)`` API."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

import networks

ALGORITHMS = ["ERM", "MLDG"]


def get_algorithm_class(name):
    if name not in globals():
        raise NotImplementedError(f"Algorithm not found: {name}")
    return globals()[name]


class Algorithm(nn.Module):
    def __init__(self, input_shape, num_classes, num_domains, hparams):
        super().__init__()
        self.hparams = hparams

    def update(self, minibatches):
        raise NotImplementedError

    def predict(self, x):
        raise NotImplementedError


class ERM(Algorithm):
    def __init__(self, input_shape, num_classes, num_domains, hparams):
        super().__init__(input_shape, num_classes, num_domains, hparams)
        self.featurizer = networks.Featurizer(input_shape, hparams)
        self.classifier = networks.Classifier(self.featurizer.n_outputs, num_classes)
        self.network = nn.Sequential(self.featurizer, self.classifier)
        self.optimizer = torch.optim.Adam(self.network.parameters(), lr=hparams["lr"],
                                          weight_decay=hparams["weight_decay"])

    def update(self, minibatches):
        x = torch.cat([x for x, _ in minibatches])
        y = torch.cat([y for _, y in minibatches])
        loss = F.cross_entropy(self.predict(x), y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return {"loss": loss.item()}

    def predict(self, x):
        return self.network(x)


class MLDG(ERM):
    """Meta-Learning Domain Generalisation (Li et al. 2018): a virtual step on the meta-train
    domains, then the meta-test domain's loss at the stepped weights."""

    def update(self, minibatches):
        hp = self.hparams
        meta_test = minibatches[-1]
        meta_train = minibatches[:-1]
        params = OrderedDict(self.network.named_parameters())
        x_tr = torch.cat([x for x, _ in meta_train])
        y_tr = torch.cat([y for _, y in meta_train])
        inner_obj = F.cross_entropy(self.network(x_tr), y_tr)
        grads = torch.autograd.grad(inner_obj, list(params.values()),
                                    create_graph=hp["mldg_second_order"])
        stepped = OrderedDict((n, p - hp["mldg_inner_lr"] * g) for (n, p), g in zip(params.items(), grads))
        x_te, y_te = meta_test
        meta_obj = F.cross_entropy(functional_call(self.network, stepped, (x_te,)), y_te)
        objective = inner_obj + hp["mldg_beta"] * meta_obj
        self.optimizer.zero_grad()
        objective.backward()
        self.optimizer.step()
        return {"loss": inner_obj.item(), "meta_test": meta_obj.item()}
