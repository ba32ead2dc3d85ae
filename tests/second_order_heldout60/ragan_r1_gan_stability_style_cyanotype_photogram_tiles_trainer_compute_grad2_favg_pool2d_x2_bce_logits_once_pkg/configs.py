# Mirrors the yaml configs of the GAN_stability code base (configs/default.yaml + an experiment file).
default_config = {
    'data': {'type': 'npy', 'train_dir': 'data/cyanotype_tiles', 'img_size': 16, 'nlabels': 1},
    'generator': {'name': 'resnet_small', 'kwargs': {'nfilter': 8, 'nfilter_max': 32}},
    'discriminator': {'name': 'resnet_small', 'kwargs': {'nfilter': 8, 'nfilter_max': 32}},
    'z_dist': {'type': 'gauss', 'dim': 16},
    'training': {
        'out_dir': 'output/cyanotype_ragan_r1',
        'gan_type': 'relativistic_avg',
        'reg_type': 'real',
        'reg_param': 10.0,
        'batch_size': 4,
        'nworkers': 0,
        'take_model_average': True,
        'model_average_beta': 0.999,
        'lr_g': 1e-4,
        'lr_d': 1e-4,
        'beta1': 0.0,
        'beta2': 0.99,
        'n_iter': 3,
        'print_every': 1,
    },
}


def update_recursive(dict1, dict2):
    for k, v in dict2.items():
        if k not in dict1:
            dict1[k] = dict()
        if isinstance(v, dict):
            update_recursive(dict1[k], v)
        else:
            dict1[k] = v


def load_config(overrides=None):
    import copy
    cfg = copy.deepcopy(default_config)
    if overrides is not None:
        update_recursive(cfg, overrides)
    return cfg
