"""DomainBed-style hyper-parameter registry: defaults per algorithm and dataset."""
import numpy as np


def _define_hparam(hparams, name, default, random_fn):
    hparams[name] = (default, random_fn)


def _hparams(algorithm, dataset, random_seed):
    hparams = {}

    def _hparam(name, default, random_fn):
        assert name not in hparams
        _define_hparam(hparams, name, default, random_fn)

    _hparam("lr", 1e-3, lambda r: 10 ** r.uniform(-4.5, -2.5))
    _hparam("batch_size", 8, lambda r: int(2 ** r.uniform(3, 5)))
    _hparam("weight_decay", 0.0, lambda r: 10 ** r.uniform(-6, -2))
    _hparam("mlp_width", 32, lambda r: int(2 ** r.uniform(5, 7)))
    _hparam("mlp_depth", 2, lambda r: int(r.choice([2, 3])))
    _hparam("group_norm_groups", 4, lambda r: int(r.choice([2, 4])))

    if algorithm == "MLDG":
        _hparam("mldg_beta", 1.0, lambda r: 10 ** r.uniform(-1, 1))
        _hparam("mldg_inner_lr", 0.05, lambda r: 10 ** r.uniform(-2, -1))
        _hparam("mldg_second_order", True, lambda r: bool(r.choice([False, True])))
    elif algorithm == "ERM":
        pass
    return hparams


def default_hparams(algorithm, dataset):
    return {a: b for a, (b, c) in _hparams(algorithm, dataset, 0).items()}


def random_hparams(algorithm, dataset, seed):
    r = np.random.RandomState(seed)
    return {a: c(r) for a, (b, c) in _hparams(algorithm, dataset, seed).items()}
